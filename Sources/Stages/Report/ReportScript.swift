/// The report's script: keyboard navigation of each chart, as a web version of the custom rotors of
/// Apple's chart accessibility (AXChartDescriptor): arrows step through points and series, Home and
/// End go to the ends, Page Up and Page Down by segment, single letters to the next or previous
/// peak, valley, outlier and crossing of the description's navigation lists. Each move puts the
/// point's label, exactly as `describe` wrote it, into the chart's polite live region and moves a
/// focus marker over the SVG. Space plays the point's sound and Shift+End plays on to the end of
/// the series, Control or Escape stops (chart2music's keys for the same actions); H opens the keys.
/// Without the script the page loses nothing but this: every fact is in its text and tables.
enum ReportScript {
    static let source = #"""
    (function () {
      "use strict";
      var SVG_NS = "http://www.w3.org/2000/svg";
      var messagesElement = document.getElementById("cp-messages");
      var messages = messagesElement ? JSON.parse(messagesElement.textContent) : {edge: {}};
      var dialog = document.getElementById("cp-keys");
      var opener = null;
      var each = function (selector, action) { Array.prototype.forEach.call(document.querySelectorAll(selector), action); };

      function numbers(text) {
        return (text || "").split(" ").filter(function (s) { return s !== ""; }).map(Number);
      }

      function svgElement(name, attributes, parent) {
        var element = document.createElementNS(SVG_NS, name);
        Object.keys(attributes).forEach(function (key) { element.setAttribute(key, attributes[key]); });
        parent.appendChild(element);
        return element;
      }

      function openKeys(from) {
        if (!dialog || typeof dialog.showModal !== "function") { return; }
        opener = from;
        dialog.showModal();
      }

      function Chart(plot) {
        var section = plot.closest("section");
        this.plot = plot;
        this.model = JSON.parse(section.querySelector("script.cp-model").textContent);
        this.livePoint = section.querySelector("[data-live=point]");
        this.liveSeries = section.querySelector("[data-live=series]");
        this.audio = section.querySelector("audio.cp-audio");
        this.now = section.querySelector(".cp-now");
        this.nowLabel = section.querySelector(".cp-now-label");
        this.current = null;
        this.playing = null;
        this.attach(plot.querySelector("svg"));
      }

      /// Points into `svg`, the wide chart or the one laid out for a phone (each says where it
      /// draws values): the focus marker is drawn in it.
      Chart.prototype.attach = function (svg) {
        var marker = svg.querySelector(".cp-marker");
        this.svg = svg;
        this.box = numbers(svg.getAttribute("data-plot"));
        this.xDomain = numbers(svg.getAttribute("data-x-domain"));
        this.bands = Number(svg.getAttribute("data-x-bands") || 0);
        this.yDomain = numbers(svg.getAttribute("data-y-domain"));
        this.barGroup = Number(svg.getAttribute("data-bar-group") || 0);
        this.placeable = this.box.length === 4 && this.yDomain.length === 2 && (this.bands > 0 || this.xDomain.length === 2);
        if (!marker) {
          marker = svgElement("g", {"class": "cp-marker", "aria-hidden": "true"}, svg);
          svgElement("line", {"class": "cp-guide", x1: 0, x2: 0, y1: this.box[1] || 0, y2: this.box[3] || 0}, svgElement("g", {}, marker));
          svgElement("circle", {"class": "cp-halo", r: 9}, svgElement("g", {}, marker));
          svgElement("circle", {"class": "cp-ring", r: 9}, marker.lastChild);
        }
        this.guide = marker.firstChild;
        this.ring = marker.lastChild;
      };

      /// The SVG the style sheet shows (the narrow one on a phone), attached when it is not yet.
      Chart.prototype.shown = function () {
        var svgs = this.plot.querySelectorAll(":scope > svg"), k;
        for (k = 0; k < svgs.length; k += 1) {
          if (svgs[k].getClientRects().length > 0) {
            if (svgs[k] !== this.svg) { this.attach(svgs[k]); }
            return;
          }
        }
      };

      /// Where x and y of series s are drawn, in the SVG's units (y null for a gap).
      Chart.prototype.position = function (s, x, y) {
        var b = this.box, px, py = null, span;
        if (this.bands > 0) {
          px = b[0] + (x + 0.5) * (b[2] - b[0]) / this.bands;
        } else {
          span = this.xDomain[1] - this.xDomain[0];
          px = span > 0 ? b[0] + (x - this.xDomain[0]) / span * (b[2] - b[0]) : (b[0] + b[2]) / 2;
        }
        if (this.barGroup > 0) {
          px += -this.barGroup / 2 + (s + 0.5) * this.barGroup / this.model.series.length;
        }
        if (y !== null) {
          span = this.yDomain[1] - this.yDomain[0];
          py = span > 0 ? b[3] - (y - this.yDomain[0]) / span * (b[3] - b[1]) : (b[1] + b[3]) / 2;
          py = Math.min(Math.max(py, b[1]), b[3]);
        }
        return [px, py];
      };

      Chart.prototype.point = function (s, i) {
        var p = this.model.series[s].points[i];
        return {s: s, i: i, index: p[0], x: p[1], y: p[2], label: p[3], t: p[4]};
      };

      /// A navigation list's entry as a point: at a charted point, or between two (a point that
      /// downsampling left out).
      Chart.prototype.entry = function (e) {
        var series = this.model.series[e[0]], i = -1, k;
        if (series) {
          for (k = 0; k < series.points.length; k += 1) {
            if (series.points[k][0] === e[1]) { i = k; break; }
          }
        }
        return {s: e[0], i: i, index: e[1], x: e[2], y: e[3], label: e[4], t: e[5]};
      };

      Chart.prototype.firstSeries = function () {
        for (var s = 0; s < this.model.series.length; s += 1) {
          if (this.model.series[s].points.length > 0) { return s; }
        }
        return -1;
      };

      Chart.prototype.say = function (text) {
        var live = this.livePoint;
        if (live.textContent === text) {
          // The same words again (at the end of a series): clear, then say them, so they are heard.
          live.textContent = "";
          window.setTimeout(function () { live.textContent = text; }, 80);
        } else {
          live.textContent = text;
        }
      };

      Chart.prototype.go = function (p) {
        var changed = !this.current || this.current.s !== p.s;
        this.current = p;
        this.show(p);
        if (changed && this.model.series.length > 1) { this.liveSeries.textContent = this.model.series[p.s].announce; }
        this.say(p.label);
      };

      Chart.prototype.show = function (p) {
        this.shown();
        if (!this.placeable) { return; }
        var xy = this.position(p.s, p.x, p.y);
        this.guide.style.transform = "translate(" + xy[0] + "px, 0px)";
        this.ring.style.transform = "translate(" + xy[0] + "px, " + (xy[1] === null ? this.box[3] : xy[1]) + "px)";
        this.ring.style.display = xy[1] === null ? "none" : "";
        this.plot.classList.add("cp-active");
      };

      Chart.prototype.step = function (delta) {
        var cur = this.current, s, points, i = -1, k;
        if (!cur) {
          s = this.firstSeries();
          if (s < 0) { this.say(messages.empty); return; }
          this.go(this.point(s, 0));
          return;
        }
        points = this.model.series[cur.s].points;
        if (cur.i >= 0) {
          i = cur.i + delta;
        } else if (delta > 0) {
          i = points.length;
          for (k = 0; k < points.length; k += 1) { if (points[k][0] > cur.index) { i = k; break; } }
        } else {
          for (k = points.length - 1; k >= 0; k -= 1) { if (points[k][0] < cur.index) { i = k; break; } }
        }
        if (i < 0 || i >= points.length) { this.say(cur.label); return; }
        this.go(this.point(cur.s, i));
      };

      Chart.prototype.end = function (last) {
        var s = this.current ? this.current.s : this.firstSeries();
        if (s < 0) { this.say(messages.empty); return; }
        this.go(this.point(s, last ? this.model.series[s].points.length - 1 : 0));
      };

      Chart.prototype.series = function (delta) {
        var cur = this.current, s, points, best = 0, k;
        if (!cur) { this.step(1); return; }
        s = cur.s + delta;
        while (s >= 0 && s < this.model.series.length && this.model.series[s].points.length === 0) { s += delta; }
        if (s < 0 || s >= this.model.series.length) { this.say(cur.label); return; }
        points = this.model.series[s].points;
        for (k = 1; k < points.length; k += 1) {
          if (Math.abs(points[k][1] - cur.x) < Math.abs(points[best][1] - cur.x)) { best = k; }
        }
        this.go(this.point(s, best));
      };

      /// The next or previous entry of a navigation list: within the series for peaks, valleys,
      /// outliers and segments; across series, in time order, for crossings.
      Chart.prototype.jump = function (list, delta) {
        var entries = this.model.lists[list] || [], cur = this.current, chosen = null, k, e;
        var s = cur ? cur.s : this.firstSeries();
        var index = cur ? cur.index : -1;
        var x = cur ? cur.x : -Infinity, cs = cur ? cur.s : -1;
        var matches = list === "crossing"
          ? function (e) { return delta > 0 ? (e[2] > x || (e[2] === x && e[0] > cs)) : (e[2] < x || (e[2] === x && e[0] < cs)); }
          : function (e) { return e[0] === s && (delta > 0 ? e[1] > index : e[1] < index); };
        for (k = 0; k < entries.length; k += 1) {
          e = entries[delta > 0 ? k : entries.length - 1 - k];
          if (matches(e)) { chosen = e; break; }
        }
        if (!chosen) { this.say(messages.edge[list]); return; }
        this.go(this.entry(chosen));
      };

      /// Plays the audio graph from the focused point: its own sound, or on to the series' end.
      Chart.prototype.play = function (pointOnly) {
        var p, series, end, k;
        if (!this.audio) { this.say(messages.noAudio); return; }
        if (!this.current) { this.step(1); }
        p = this.current;
        if (!p || p.t === null || p.t === undefined) { this.say(messages.noAudio); return; }
        series = this.model.series[p.s];
        end = series.end === null ? Infinity : series.end;
        if (pointOnly) {
          for (k = 0; k < series.points.length; k += 1) {
            if (series.points[k][4] !== null && series.points[k][4] > p.t) { end = Math.min(end, series.points[k][4]); break; }
          }
        }
        this.startAudio(p.t, end);
      };

      Chart.prototype.startAudio = function (start, end) {
        var self = this, audio = this.audio;
        var go = function () {
          audio.currentTime = start;
          self.playing = {end: end};
          var promise = audio.play();
          if (promise && promise.catch) { promise.catch(function () { self.playing = null; }); }
        };
        this.stop();
        if (audio.readyState >= 1) {
          go();
        } else {
          audio.addEventListener("loadedmetadata", go, {once: true});
          audio.load();
        }
      };

      Chart.prototype.stop = function () {
        this.playing = null;
        if (this.audio && !this.audio.paused) { this.audio.pause(); }
      };

      /// The points sounding at t seconds: those of the last cue started in the series playing
      /// (points close together share a cue).
      Chart.prototype.sounding = function (t) {
        var s, points, start, k, group;
        for (s = 0; s < this.model.series.length; s += 1) {
          points = this.model.series[s].points;
          start = null;
          for (k = 0; k < points.length; k += 1) {
            if (points[k][4] !== null && points[k][4] <= t) { start = points[k][4]; }
          }
          if (start !== null && (this.model.series[s].end === null || t < this.model.series[s].end)) {
            group = [];
            for (k = 0; k < points.length; k += 1) {
              if (points[k][4] === start) { group.push(this.point(s, k)); }
            }
            return group;
          }
        }
        return [];
      };

      /// While the audio plays, the marker and the visible "now playing" line follow it (nothing is
      /// announced: the sound speaks for itself, and the cues hold the labels).
      Chart.prototype.tick = function () {
        var self = this, audio = this.audio, p;
        if (audio.paused) { return; }
        if (this.playing && audio.currentTime >= this.playing.end) { this.stop(); return; }
        p = this.sounding(audio.currentTime);
        if (p.length > 0) {
          this.nowLabel.textContent = p.map(function (q) { return q.label; }).join("\n");
          this.now.hidden = false;
          this.show(p[0]);
        }
        window.requestAnimationFrame(function () { self.tick(); });
      };

      Chart.prototype.key = function (event) {
        var key = event.key, shift = event.shiftKey;
        var letter = key.length === 1 ? key.toLowerCase() : "";
        var lists = {p: "peak", v: "valley", o: "outlier", c: "crossing"};
        if (event.altKey || event.metaKey || (event.ctrlKey && key !== "Control")) { return; }
        if (key === "ArrowRight") { this.step(1); }
        else if (key === "ArrowLeft") { this.step(-1); }
        else if (key === "ArrowDown") { this.series(1); }
        else if (key === "ArrowUp") { this.series(-1); }
        else if (key === "Home" && !shift) { this.end(false); }
        else if (key === "End" && shift) { this.play(false); }
        else if (key === "End") { this.end(true); }
        else if (key === "PageDown") { this.jump("segment", 1); }
        else if (key === "PageUp") { this.jump("segment", -1); }
        else if (lists.hasOwnProperty(letter)) { this.jump(lists[letter], shift ? -1 : 1); }
        else if (key === " ") { this.play(true); }
        else if (key === "Control") { this.stop(); return; }
        else if (key === "Escape") { this.stop(); }
        else if (letter === "h") { openKeys(this.plot); }
        else { return; }
        event.preventDefault();
      };

      /// A click selects the nearest point, as the keys would.
      Chart.prototype.click = function (event) {
        this.shown();
        var matrix = this.svg.getScreenCTM(), self = this, best = null, distance = Infinity, local, at;
        if (!matrix || !this.placeable) { return; }
        at = this.svg.createSVGPoint();
        at.x = event.clientX;
        at.y = event.clientY;
        local = at.matrixTransform(matrix.inverse());
        this.model.series.forEach(function (series, s) {
          series.points.forEach(function (p, i) {
            if (p[2] === null) { return; }
            var xy = self.position(s, p[1], p[2]);
            var d = (xy[0] - local.x) * (xy[0] - local.x) + (xy[1] - local.y) * (xy[1] - local.y);
            if (d < distance) { distance = d; best = [s, i]; }
          });
        });
        if (best) { this.go(this.point(best[0], best[1])); }
      };

      each(".cp-js[hidden]", function (element) { element.hidden = false; });

      each(".cp-plot[data-chart]", function (plot) {
        var chart, hint, button;
        try {
          chart = new Chart(plot);
        } catch (error) {
          return;
        }
        plot.tabIndex = 0;
        plot.setAttribute("role", "application");
        plot.setAttribute("aria-label", plot.getAttribute("data-label"));
        hint = plot.parentNode.querySelector(".cp-hint");
        if (hint && hint.id) { plot.setAttribute("aria-describedby", hint.id); }
        button = hint ? hint.querySelector(".cp-keys-button") : null;
        if (button) { button.addEventListener("click", function () { openKeys(plot); }); }
        plot.addEventListener("keydown", function (event) { chart.key(event); });
        plot.addEventListener("click", function (event) { chart.click(event); });
        plot.addEventListener("focus", function () { if (chart.current) { chart.show(chart.current); } });
        plot.addEventListener("blur", function () {
          if (!chart.audio || chart.audio.paused) { plot.classList.remove("cp-active"); }
        });
        if (chart.audio) {
          chart.audio.addEventListener("play", function () { chart.tick(); });
          chart.audio.addEventListener("pause", function () {
            chart.now.hidden = true;
            if (chart.current) { chart.show(chart.current); }
            if (document.activeElement !== plot) { plot.classList.remove("cp-active"); }
          });
        }
      });

      if (dialog) {
        dialog.querySelector(".cp-close").addEventListener("click", function () { dialog.close(); });
        dialog.addEventListener("close", function () {
          if (opener) { opener.focus(); }
          opener = null;
        });
      }

      var opened = [];
      window.addEventListener("beforeprint", function () {
        each("details:not([open])", function (details) { details.open = true; opened.push(details); });
      });
      window.addEventListener("afterprint", function () {
        opened.forEach(function (details) { details.open = false; });
        opened = [];
      });
    }());

    """#
}
