/**
 * Browser scripts served in place of hCaptcha's and reCAPTCHA's api.js in browser tests. They
 * implement the part of each provider's JavaScript API that an invisible widget uses, and let a
 * test choose what the next challenge does through `window.__fakeCaptcha`:
 *
 *   window.__fakeCaptcha = {
 *     nextOutcome: 'error:rate-limited', // used by the next execute only, then forgotten
 *     defaultOutcome: 'pass',            // every other execute (the server's default otherwise)
 *     delayMs: 20,                       // how long a challenge "runs"
 *   };
 *   window.__fakeCaptcha.calls           // [{ provider, method, widgetId, outcome? }, ...]
 *   window.__fakeCaptcha.expire(id?)     // the passed token expires: expired-callback fires
 *
 * The object may be set before the script loads (e.g. from an init script) or replaced
 * wholesale later; the call log and expire() carry over.
 *
 * A passed challenge yields a token "pass-<random>", which the fake siteverify accepts once.
 *
 * hCaptcha (error codes as the real widget names them): a passed challenge calls `callback`
 * (and resolves `execute(id, { async: true })` with { response, key }); 'error:challenge-closed'
 * calls `close-callback`, 'error:challenge-expired' calls `chalexpired-callback`, every other
 * error calls `error-callback` with the code; with async the promise rejects with the code.
 * 'error:missing-captcha' and 'error:invalid-captcha-id' (also produced for real when no widget
 * or an unknown id is used) throw an Error with the code, or reject with async.
 *
 * reCAPTCHA v2 (which has fewer hooks): a passed challenge calls `callback`;
 * 'error:challenge-expired' calls `expired-callback`; 'error:challenge-closed' calls nothing,
 * as the real widget gives no signal when its challenge is closed; every other error calls
 * `error-callback` without arguments. 'error:missing-captcha' throws "No reCAPTCHA clients
 * exist." and 'error:invalid-captcha-id' throws "Invalid reCAPTCHA client id: <id>", the real
 * messages. execute returns nothing, as in v2.
 *
 * Both honour `?onload=<global function name>` on the script URL and render explicitly only.
 */

export const FAKE_WIDGET_OUTCOMES = [
  'pass',
  'error:rate-limited',
  'error:invalid-data',
  'error:challenge-closed',
  'error:challenge-expired',
  'error:challenge-error',
  'error:internal-error',
  'error:missing-captcha',
  'error:invalid-captcha-id',
  'error:network-error',
  'error:script-error',
] as const;
export type FakeWidgetOutcome = (typeof FAKE_WIDGET_OUTCOMES)[number];

export function isFakeWidgetOutcome(value: unknown): value is FakeWidgetOutcome {
  return typeof value === 'string' && (FAKE_WIDGET_OUTCOMES as readonly string[]).includes(value);
}

/** Source of the fake https://js.hcaptcha.com/1/api.js. */
export function fakeHCaptchaScript(defaultOutcome: FakeWidgetOutcome = 'pass'): string {
  return buildScript('hcaptcha', defaultOutcome);
}

/** Source of the fake https://www.google.com/recaptcha/api.js. */
export function fakeReCaptchaScript(defaultOutcome: FakeWidgetOutcome = 'pass'): string {
  return buildScript('recaptcha', defaultOutcome);
}

function buildScript(
  provider: 'hcaptcha' | 'recaptcha',
  defaultOutcome: FakeWidgetOutcome,
): string {
  if (!isFakeWidgetOutcome(defaultOutcome)) {
    throw new Error(
      `unexpected fake captcha outcome "${String(defaultOutcome)}"; expected one of ${FAKE_WIDGET_OUTCOMES.join(', ')}`,
    );
  }
  return `(function () {
  'use strict';
  var PROVIDER = ${JSON.stringify(provider)};
  var DEFAULT_OUTCOME = ${JSON.stringify(defaultOutcome)};
  var OUTCOMES = ${JSON.stringify(FAKE_WIDGET_OUTCOMES)};
  var script = document.currentScript;
  var scriptParams = new URL(script && script.src ? script.src : '', location.href).searchParams;
  var widgets = {};
  var order = [];
  var nextNumber = 0;

  function prepare(value, previous) {
    var c = value && typeof value === 'object' ? value : {};
    if (!Array.isArray(c.calls)) c.calls = previous ? previous.calls : [];
    if (!c.expirers || typeof c.expirers !== 'object') c.expirers = previous ? previous.expirers : {};
    c.expirers[PROVIDER] = expire;
    if (typeof c.expire !== 'function') {
      c.expire = function (widgetId, provider) {
        var names = provider ? [provider] : Object.keys(c.expirers);
        for (var i = 0; i < names.length; i++) {
          var expirer = c.expirers[names[i]];
          if (expirer && expirer(widgetId)) return true;
        }
        return false;
      };
    }
    return c;
  }

  // A test may replace the whole object; the setter keeps the call log and helpers on it.
  var state = prepare(window.__fakeCaptcha, null);
  Object.defineProperty(window, '__fakeCaptcha', {
    configurable: true,
    enumerable: true,
    get: function () {
      return state;
    },
    set: function (value) {
      state = prepare(value, state);
    },
  });

  function control() {
    return state;
  }

  function log(method, widgetId, outcome) {
    var entry = { provider: PROVIDER, method: method, widgetId: widgetId === undefined ? null : widgetId };
    if (outcome !== undefined) entry.outcome = outcome;
    control().calls.push(entry);
  }

  function takeOutcome() {
    var c = control();
    var outcome;
    if (c.nextOutcome !== undefined && c.nextOutcome !== null) {
      outcome = c.nextOutcome;
      delete c.nextOutcome;
    } else {
      outcome = c.defaultOutcome || DEFAULT_OUTCOME;
    }
    if (OUTCOMES.indexOf(outcome) < 0) {
      throw new Error('[fake captcha] unexpected outcome "' + outcome + '"; expected one of ' + OUTCOMES.join(', '));
    }
    return outcome;
  }

  function delay() {
    var ms = control().delayMs;
    return typeof ms === 'number' && ms >= 0 ? ms : 20;
  }

  function randomHex() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    var out = '';
    for (var i = 0; i < bytes.length; i++) out += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
    return out;
  }

  function invoke(callback, args) {
    var fn = typeof callback === 'string' ? window[callback] : callback;
    if (typeof fn === 'function') fn.apply(null, args);
  }

  function resolveContainer(container) {
    if (typeof container === 'string') return document.getElementById(container);
    return container && typeof container.appendChild === 'function' ? container : null;
  }

  function addWidget(id, element, params) {
    var marker = document.createElement('div');
    marker.setAttribute('data-fake-captcha', PROVIDER);
    marker.setAttribute('data-widget-id', String(id));
    marker.setAttribute('aria-hidden', 'true');
    marker.hidden = true;
    element.appendChild(marker);
    widgets[id] = { id: id, element: element, params: params, marker: marker, response: '', key: '' };
    order.push(id);
  }

  function find(widgetId) {
    if (widgetId === undefined || widgetId === null || widgetId === '') {
      return order.length > 0 ? widgets[order[0]] : null;
    }
    return Object.prototype.hasOwnProperty.call(widgets, widgetId) ? widgets[widgetId] : null;
  }

  function expire(widgetId) {
    var widget = find(widgetId);
    if (!widget || widget.response === '') return false;
    widget.response = '';
    widget.key = '';
    log('expire', widget.id);
    invoke(widget.params['expired-callback'], []);
    return true;
  }

  function announceLoaded() {
    var onload = scriptParams.get('onload');
    if (onload) {
      setTimeout(function () {
        invoke(onload, []);
      }, 0);
    }
  }

  if (PROVIDER === 'hcaptcha') {
    window.hcaptcha = {
      render: function (container, params) {
        var element = resolveContainer(container);
        if (!element) throw new Error("[hCaptcha] render: invalid container '" + container + "'.");
        if (!params || !params.sitekey) throw new Error('[hCaptcha] render: missing sitekey');
        nextNumber += 1;
        var id = 'fake-h-' + nextNumber + '-' + randomHex().slice(0, 8);
        addWidget(id, element, params);
        log('render', id);
        return id;
      },
      execute: function (widgetId, options) {
        if (widgetId && typeof widgetId === 'object') {
          options = widgetId;
          widgetId = undefined;
        }
        var async = !!(options && options.async);
        var outcome = takeOutcome();
        log('execute', widgetId, outcome);
        var widget = find(widgetId);
        var idError = null;
        if (!widget) idError = order.length === 0 ? 'missing-captcha' : 'invalid-captcha-id';
        else if (outcome === 'error:missing-captcha' || outcome === 'error:invalid-captcha-id') {
          idError = outcome.slice('error:'.length);
        }
        if (idError) {
          if (async) return Promise.reject(idError);
          throw new Error(idError);
        }
        function settle() {
          if (!widgets[widget.id]) return { ok: false, code: 'invalid-captcha-id' };
          if (outcome === 'pass') {
            widget.response = 'pass-' + randomHex();
            widget.key = 'fake-key-' + randomHex().slice(0, 8);
            invoke(widget.params.callback, [widget.response]);
            return { ok: true, value: { response: widget.response, key: widget.key } };
          }
          var code = outcome.slice('error:'.length);
          if (code === 'challenge-closed') invoke(widget.params['close-callback'], []);
          else if (code === 'challenge-expired') invoke(widget.params['chalexpired-callback'], []);
          else invoke(widget.params['error-callback'], [code]);
          return { ok: false, code: code };
        }
        if (async) {
          return new Promise(function (resolve, reject) {
            setTimeout(function () {
              var result = settle();
              if (result.ok) resolve(result.value);
              else reject(result.code);
            }, delay());
          });
        }
        setTimeout(settle, delay());
        return undefined;
      },
      reset: function (widgetId) {
        var widget = find(widgetId);
        log('reset', widget ? widget.id : widgetId);
        if (!widget) return;
        widget.response = '';
        widget.key = '';
      },
      getResponse: function (widgetId) {
        var widget = find(widgetId);
        return widget ? widget.response : '';
      },
      getRespKey: function (widgetId) {
        var widget = find(widgetId);
        return widget ? widget.key : '';
      },
      remove: function (widgetId) {
        var widget = find(widgetId);
        log('remove', widget ? widget.id : widgetId);
        if (!widget) return;
        widget.marker.remove();
        delete widgets[widget.id];
        order.splice(order.indexOf(widget.id), 1);
      },
    };
  } else {
    var requireWidget = function (widgetId) {
      if (order.length === 0) throw new Error('No reCAPTCHA clients exist.');
      var widget = find(widgetId);
      if (!widget) throw new Error('Invalid reCAPTCHA client id: ' + widgetId);
      return widget;
    };
    window.grecaptcha = {
      render: function (container, params) {
        var element = resolveContainer(container);
        if (!element) throw new Error('reCAPTCHA placeholder element must be an element or id');
        if (!params || !params.sitekey) throw new Error('Missing required parameters: sitekey');
        for (var i = 0; i < order.length; i++) {
          if (widgets[order[i]].element === element) {
            throw new Error('reCAPTCHA has already been rendered in this element');
          }
        }
        var id = nextNumber;
        nextNumber += 1;
        addWidget(id, element, params);
        log('render', id);
        return id;
      },
      execute: function (widgetId) {
        var outcome = takeOutcome();
        log('execute', widgetId, outcome);
        if (outcome === 'error:missing-captcha') throw new Error('No reCAPTCHA clients exist.');
        if (outcome === 'error:invalid-captcha-id') {
          throw new Error('Invalid reCAPTCHA client id: ' + widgetId);
        }
        var widget = requireWidget(widgetId);
        setTimeout(function () {
          if (!widgets[widget.id]) return;
          if (outcome === 'pass') {
            widget.response = 'pass-' + randomHex();
            invoke(widget.params.callback, [widget.response]);
            return;
          }
          var code = outcome.slice('error:'.length);
          if (code === 'challenge-closed') return;
          if (code === 'challenge-expired') invoke(widget.params['expired-callback'], []);
          else invoke(widget.params['error-callback'], []);
        }, delay());
      },
      reset: function (widgetId) {
        var widget = requireWidget(widgetId);
        log('reset', widget.id);
        widget.response = '';
      },
      getResponse: function (widgetId) {
        return requireWidget(widgetId).response;
      },
      ready: function (callback) {
        setTimeout(callback, 0);
      },
    };
  }

  log('load', null);
  announceLoaded();
})();
`;
}
