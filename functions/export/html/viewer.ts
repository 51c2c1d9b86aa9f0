/**
 * The exported HTML file's viewer: plain browser JavaScript kept as text, written into the file and allowed there by
 * its hash. It reads the data element, builds the tree with text nodes only, filters it by the search, and shows a
 * document's body only through DOMPurify (inlined before it). No `<` appears in it, so it can sit in a script element.
 */
export const VIEWER_SCRIPT = `(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('apiloom-data').textContent);
  var tree = document.getElementById('tree');
  var main = document.getElementById('doc');
  var search = document.getElementById('search');
  var byId = {};
  var children = {};
  data.nodes.forEach(function (n) {
    byId[n.id] = n;
    (children[n.parentId] = children[n.parentId] || []).push(n);
  });
  var top = data.nodes.filter(function (n) { return !byId[n.parentId]; });
  function title(n) { return (n.label ? n.label + ' ' : '') + n.name; }
  function list(nodes) {
    var ul = document.createElement('ul');
    nodes.forEach(function (n) {
      var li = document.createElement('li');
      li.setAttribute('data-search', (title(n) + ' ' + n.text).toLowerCase());
      var item;
      if (n.type === 'folder') {
        item = document.createElement('span');
        item.className = 'folder';
      } else {
        item = document.createElement('a');
        item.href = '#' + encodeURIComponent(n.id);
      }
      item.textContent = title(n);
      li.appendChild(item);
      if (children[n.id]) li.appendChild(list(children[n.id]));
      ul.appendChild(li);
    });
    return ul;
  }
  tree.appendChild(list(top));
  function show() {
    var id = decodeURIComponent(location.hash.slice(1));
    var n = byId[id];
    if (!n || n.type === 'folder') return;
    main.textContent = '';
    var h = document.createElement('h2');
    h.textContent = title(n);
    var body = document.createElement('div');
    body.className = 'body';
    body.innerHTML = DOMPurify.sanitize(n.html, { USE_PROFILES: { html: true } });
    main.appendChild(h);
    main.appendChild(body);
    tree.querySelectorAll('a[aria-current]').forEach(function (a) { a.removeAttribute('aria-current'); });
    var link = tree.querySelector('a[href="#' + CSS.escape(encodeURIComponent(id)) + '"]');
    if (link) link.setAttribute('aria-current', 'page');
  }
  window.addEventListener('hashchange', show);
  show();
  search.addEventListener('input', function () {
    var q = search.value.trim().toLowerCase();
    var items = Array.prototype.slice.call(tree.querySelectorAll('li')).reverse();
    items.forEach(function (li) {
      var own = !q || li.getAttribute('data-search').indexOf(q) !== -1;
      var child = li.querySelector(':scope > ul > li:not([hidden])');
      li.hidden = !(own || child);
    });
  });
})();
`;

export const VIEWER_CSS = `
body { margin: 0; font-family: -apple-system, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans SC', sans-serif; color: #1f1f1f; }
header { padding: 12px 24px; border-bottom: 1px solid #e5e5e5; }
header h1 { margin: 0; font-size: 20px; }
header p { margin: 4px 0 0; color: #595959; font-size: 13px; }
.layout { display: flex; min-height: calc(100vh - 70px); }
nav { width: 300px; flex: none; border-right: 1px solid #e5e5e5; padding: 12px; overflow: auto; }
nav input { width: 100%; box-sizing: border-box; padding: 6px 8px; margin-bottom: 8px; }
nav ul { list-style: none; margin: 0; padding-left: 14px; }
nav > div > ul { padding-left: 0; }
nav li { margin: 3px 0; }
nav a { color: #0958d9; text-decoration: none; }
nav a[aria-current] { font-weight: 600; }
nav .folder { font-weight: 600; }
main { flex: 1; padding: 16px 32px; overflow: auto; min-width: 0; }
main .empty { color: #595959; }
table { border-collapse: collapse; margin: 8px 0; }
th, td { border: 1px solid #d9d9d9; padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #fafafa; }
pre { background: #f6f8fa; padding: 12px; overflow: auto; }
code { font-family: 'JetBrains Mono', Consolas, monospace; }
img { max-width: 100%; }
`;
