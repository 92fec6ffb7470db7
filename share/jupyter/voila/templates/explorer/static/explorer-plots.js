/* The explorer's figures in the app (Voila).
 *
 * Every figure the explorer shows carries, beside plotly's own MIME type (drawn by
 * the plotly extension in JupyterLab), an HTML part: an empty <div class="xp-plotly">
 * and a script handing the figure to `explorerPlot` below.  The app leaves the plotly
 * extension out and draws that HTML part with plotly.js's cartesian bundle, which is
 * loaded on the first figure of a page: it starts in a quarter of the full bundle's
 * time, and nothing stores a PNG copy of each drawing (the extension did, drawing
 * every figure twice).  A page without figures never loads plotly.js.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  var bundle = script.getAttribute("data-plotly");
  var waiting = [];  // [div, figure] drawn once plotly.js has loaded
  var state = "idle";  // "loading", "ready" or "failed"

  function draw(div, figure) {
    if (!div.isConnected) return;  // the figure was replaced before plotly.js arrived
    window.Plotly.newPlot(div, figure.data, figure.layout, figure.config);
  }

  function load() {
    state = "loading";
    var tag = document.createElement("script");
    tag.src = bundle;
    tag.onload = function () {
      state = "ready";
      waiting.splice(0).forEach(function (item) { draw(item[0], item[1]); });
    };
    tag.onerror = function () {
      state = "failed";
      waiting.splice(0).forEach(function (item) { failed(item[0]); });
    };
    document.head.appendChild(tag);
  }

  function failed(div) {
    div.textContent = "This chart could not be drawn: plotly.js did not load (is the app still running?).";
  }

  /** Draw `figure` ({data, layout, config}) in the element just before `tag`. */
  window.explorerPlot = function (tag, figure) {
    var div = tag.previousElementSibling;
    if (state === "ready") return draw(div, figure);
    if (state === "failed") return failed(div);
    waiting.push([div, figure]);
    if (state === "idle") load();
  };

  // Figures fill their container's width when drawn; follow the window when it changes.
  var pending = null;
  window.addEventListener("resize", function () {
    clearTimeout(pending);
    pending = setTimeout(function () {
      if (state !== "ready") return;
      document.querySelectorAll(".xp-plotly.js-plotly-plot").forEach(function (div) {
        window.Plotly.Plots.resize(div);
      });
    }, 150);
  });
})();
