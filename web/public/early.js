/*
 * Starts the workspace's two reads (the project and its document tree, the slowest read of the app) while the
 * app's code is still loading: a plain
 * script, run before the module graph, so the request leaves half a second earlier. The API client takes the
 * answer (web/src/lib/api/early.ts) and handles it like any other; nothing else reads it. It also asks for the
 * workspace page's code (the build lists it here), which the router would otherwise find only after the entry ran.
 */
(function () {
  var match = /^\/project\/([0-9a-f-]{36})(?:\/|$)/.exec(location.pathname);
  if (!match || !window.fetch) return;
  // A share link's page is another page, which reads only its share.
  if (/^\/project\/[^/]+\/share\/[^/]+/.test(location.pathname)) return;
  // The page's code is asked for after the reads, so they are not queued behind it for a connection.
  var workspaceChunks = /* workspace chunks, filled in by the build */ [];
  var preloadCode = function () {
    workspaceChunks.forEach(function (file) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      // After the entry's own code, which the browser asks for at high priority.
      link.fetchPriority = 'low';
      link.href = '/' + file;
      document.head.appendChild(link);
    });
  };
  // A release (?version=) reads its snapshot, not these.
  if (/[?&]version=/.test(location.search)) return preloadCode();
  var cookie = /(?:^|;\s*)apiloom-token=([^;]*)/.exec(document.cookie);
  var headers = { 'Accept-Language': localStorage.getItem('apiloom.lang') || 'zh' };
  try {
    if (cookie && cookie[1]) headers.token = decodeURIComponent(cookie[1]);
  } catch {
    // A malformed cookie reads as none, as in the app.
  }
  var base = (window.APILOOM_CONFIG && window.APILOOM_CONFIG.apiBase) || '/api';
  var answers = {};
  ['/project/document/children/all/' + match[1], '/project/' + match[1]].forEach(function (path) {
    answers[path] = fetch(base + path, { headers: headers }).then(
      function (res) {
        return res.status === 200 ? res.json() : null;
      },
      function () {
        return null;
      },
    );
  });
  window.__apiloomEarly = { token: headers.token || '', answers: answers };
  preloadCode();
})();
