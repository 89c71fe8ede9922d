/** An index.html as the web app's build writes it, with the places a page snapshot goes in. */
export const SNAPSHOT_INDEX_HTML = `<!doctype html>
<html lang="en">
  <head><title>Claims</title></head>
  <body>
    <div id="page-load" class="page-load" role="status">Loading…</div>
    <div id="root"></div>
  </body>
</html>`;
