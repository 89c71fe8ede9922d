/**
 * A stand-in for XMLHttpRequest that a test drives: it records what was sent and fires the
 * upload's progress and the request's outcome when told to.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  readonly upload = new EventTarget();
  readonly headers = new Map<string, string>();
  private readonly events = new EventTarget();
  method = '';
  url = '';
  body: unknown = undefined;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  private responseHeaders = '';

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers.set(name.toLowerCase(), value);
  }

  addEventListener(type: string, listener: EventListener): void {
    this.events.addEventListener(type, listener);
  }

  send(body: unknown): void {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  abort(): void {
    this.aborted = true;
    this.events.dispatchEvent(new Event('abort'));
  }

  getAllResponseHeaders(): string {
    return this.responseHeaders;
  }

  progress(loaded: number, total: number): void {
    const event = Object.assign(new Event('progress'), {
      loaded,
      total,
      lengthComputable: total > 0,
    });
    this.upload.dispatchEvent(event);
  }

  answer(status: number, body: string, headers = 'content-type: application/json\r\n'): void {
    this.status = status;
    this.responseText = body;
    this.responseHeaders = headers;
    this.events.dispatchEvent(new Event('load'));
  }

  fail(): void {
    this.events.dispatchEvent(new Event('error'));
  }
}
