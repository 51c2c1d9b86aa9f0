/* global chrome */
// Asks for one origin's host permission from the user's click (Chrome asks only from a gesture in the extension's page).
const origin = new URLSearchParams(location.search).get('origin') ?? '';
document.getElementById('origin').textContent = origin;
document.getElementById('allow').addEventListener('click', async () => {
  if (!/^https?:\/\/[^/]+\/\*$/.test(origin)) return;
  if (await chrome.permissions.request({ origins: [origin] })) {
    document.getElementById('done').hidden = false;
    setTimeout(() => window.close(), 800);
  }
});
