"""The card table in the browser: ``serve`` (Starlette, WebSockets) and the page it serves
(``table.js``, ``table.css``)."""
