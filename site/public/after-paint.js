// Starts the site's modules once a prerendered page has painted, so its HTML and styles are not
// kept waiting by scripts on a slow connection. server/lib/page-shell.ts lists the modules in
// #site-modules and loads this file instead of the module script.
(function () {
  var list = document.getElementById('site-modules');
  if (!list) return;
  var modules = JSON.parse(list.textContent);
  // Every request a script starts costs the main thread a few milliseconds, so the preloads go a few
  // per task: thirty in one task would hold a slow phone's main thread for a long task of their own.
  var perTask = 1;
  function preload(from) {
    modules.preload.slice(from, from + perTask).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    if (from + perTask < modules.preload.length) setTimeout(function () { preload(from + perTask); }, 0);
  }
  function start() {
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = modules.entry;
    document.head.appendChild(script);
    setTimeout(function () { preload(0); }, 0);
  }
  var started = false;
  function startOnce() {
    if (started) return;
    started = true;
    start();
  }
  // Once the first contentful paint is on the screen, not merely drawn: on a slow phone putting the
  // drawn frame on the screen takes a while, and modules fetched and compiled meanwhile would delay it.
  // A hidden tab (no frames) starts at once; a browser without paint timing, in the frame after the first.
  var paintTiming = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes && PerformanceObserver.supportedEntryTypes.indexOf('paint') >= 0;
  if (document.visibilityState === 'hidden') startOnce();
  else if (!paintTiming) requestAnimationFrame(function () { setTimeout(startOnce, 0); });
  else {
    var observer = new PerformanceObserver(function (entries) {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(startOnce, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
    // A page that paints no text or image still starts.
    setTimeout(startOnce, 3000);
    document.addEventListener('visibilitychange', startOnce, { once: true });
  }
})();
