// Starts the site's modules once a prerendered page has painted, so its HTML and styles are not
// kept waiting by scripts on a slow connection. server/lib/page-shell.ts lists the modules in
// #site-modules and loads this file instead of the module script.
(function () {
  var list = document.getElementById('site-modules');
  if (!list) return;
  var modules = JSON.parse(list.textContent);
  function start() {
    modules.preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = modules.entry;
    document.head.appendChild(script);
  }
  // The frame after the first paint; a hidden tab (no frames) starts at once.
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(function () { setTimeout(start, 0); });
})();
