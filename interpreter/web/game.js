// The game's page of 'atout serve': the seats offered follow the variant chosen (a variant may
// seat fewer players). A file of its own, as the page's Content-Security-Policy allows no inline script.
"use strict";
const variant = document.getElementById("variant"), seat = document.getElementById("seat");
function fit() {
  const n = +variant.selectedOptions[0].dataset.players;
  for (const option of seat.options) option.hidden = +option.value >= n;
  if (+seat.value >= n) seat.value = "0";
}
variant.onchange = fit;
fit();
