// Every cell has arrived: show the page (or wait for its front end).  A file, not an inline
// script, for the pages' Content-Security-Policy (app/kampapp/guard.py).
window.voila_finish();
