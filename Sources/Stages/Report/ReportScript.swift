/// The report's script: keyboard navigation of each chart, as a web version of the custom rotors of
/// Apple's chart accessibility (AXChartDescriptor): arrows step through points and series, Home and
/// End go to the ends, Page Up and Page Down by segment, single letters to the next or previous
/// peak, valley, outlier and crossing of the description's navigation lists. Each move puts the
/// point's label, exactly as `describe` wrote it, into the chart's polite live region and moves a
/// focus marker over the SVG. Each move also plays the point's tone through Web Audio (chart2music's
/// sonification of navigation): the audio graph's pitch and pan, a distinct buzz for a gap, the
/// graph's earcons at the series' highest and lowest points; M mutes. Space plays on from the point,
/// tone after tone, [ and ] slow it down and speed it up (Apple's Audio Graphs), any other key stops
/// it; Shift+End plays the audio file on to the end of the series, Control or Escape stops. T, X, Y
/// and W read the title and summary, the axes and where the focus is; H opens the keys. A braille
/// field under the chart holds the focused series' braille line with its cursor at the focused
/// point (MAIDR's braille mode), B moves into it and back; L switches between full and terse labels
/// (MAIDR's verbosity), remembered for the page in localStorage. Under the chart, the chart as a
/// tree (Olli: Blanco et al., "Olli: An Extensible Visualization Library for Screen Reader
/// Accessibility", IEEE VIS 2022) with the ARIA tree pattern: chart, series, segments, points, each
/// item named by its summary; Down or Enter goes in, Up out, Left and Right along a level.
/// `window.__chartpipeTones`, when a test makes it an array, records each tone asked for.
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
      // Playing speeds ([ and ]: ScriptModel.speeds), seconds between tones at speed 1, a tone's length.
      var SPEEDS = [0.5, 1, 2, 4], STEP = 0.25, TONE = 0.12;
      // The audio graph's earcons: an octave above the highest point, a fifth above the lowest (AudioGraph).
      var HIGH_EARCON = 2, LOW_EARCON = 1.5, EARCON = 0.07;
      var sound = {context: null, muted: false, speed: 1};
      // Full labels (the description's) or terse ones (x and value), per page.
      var VERBOSITY = "chartpipe-verbosity " + window.location.pathname;
      var terse = false;
      try { terse = window.localStorage.getItem(VERBOSITY) === "terse"; } catch (error) { terse = false; }

      /// The page's one AudioContext, made on the first key press (browsers start audio only then).
      function audioContext() {
        var Context = window.AudioContext || window.webkitAudioContext;
        if (!sound.context && Context) {
          try { sound.context = new Context(); } catch (error) { return null; }
        }
        if (sound.context && sound.context.state === "suspended" && sound.context.resume) { sound.context.resume(); }
        return sound.context;
      }

      /// Sounds one tone after `delay` seconds: a sine (a point, an earcon) or a low square buzz (a gap),
      /// panned with equal power like the audio graph (StereoPan).
      function tone(request, delay) {
        var context, start, oscillator, gain, output, peak = request.kind === "earcon" ? 0.15 : request.kind === "gap" ? 0.08 : 0.5;
        if (Array.isArray(window.__chartpipeTones)) { window.__chartpipeTones.push(request); }
        context = audioContext();
        if (!context) { return; }
        try {
          start = context.currentTime + delay;
          oscillator = context.createOscillator();
          gain = context.createGain();
          oscillator.type = request.kind === "gap" ? "square" : "sine";
          oscillator.frequency.value = Math.min(request.frequency, 0.45 * context.sampleRate);
          gain.gain.setValueAtTime(0, start);
          gain.gain.linearRampToValueAtTime(peak, start + 0.01);
          gain.gain.setValueAtTime(peak, start + Math.max(0.01, request.duration - 0.04));
          gain.gain.linearRampToValueAtTime(0, start + request.duration);
          oscillator.connect(gain);
          output = gain;
          if (context.createStereoPanner) {
            output = context.createStereoPanner();
            output.pan.value = 2 * request.pan - 1;
            gain.connect(output);
          }
          output.connect(context.destination);
          oscillator.start(start);
          oscillator.stop(start + request.duration + 0.02);
        } catch (error) {
          // No sound, and nothing else lost: the live region still speaks.
        }
      }

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
        this.braille = section.querySelector(".cp-braille-field");
        this.current = null;
        this.playing = null;
        this.running = null;
        this.extremes = this.model.series.map(function (series) {
          var low = -1, high = -1;
          series.points.forEach(function (p, i) {
            if (p[2] === null) { return; }
            if (low < 0 || p[2] < series.points[low][2]) { low = i; }
            if (high < 0 || p[2] > series.points[high][2]) { high = i; }
          });
          return low >= 0 && series.points[low][2] < series.points[high][2] ? {low: low, high: high} : {low: -1, high: -1};
        });
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
        return {s: s, i: i, index: p[0], x: p[1], y: p[2], label: terse && p[6] ? p[6] : p[3], t: p[4], cell: p[5]};
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
        return {s: e[0], i: i, index: e[1], x: e[2], y: e[3], label: terse && e[7] ? e[7] : e[4], full: e[4], t: e[5], cell: e[6]};
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
        this.feel(p);
        if (!sound.muted) { this.voice(p, null); }
      };

      /// The braille field: the series' line, its cursor on the cell that draws the point.
      Chart.prototype.feel = function (p) {
        var line = this.model.series[p.s].braille || "";
        if (!this.braille) { return; }
        if (this.braille.value !== line) { this.braille.value = line; }
        if (p.cell !== null && p.cell !== undefined) {
          try { this.braille.setSelectionRange(p.cell, p.cell); } catch (error) { return; }
        }
      };

      /// B: into the braille field (the keys keep working there) and back to the chart.
      Chart.prototype.toBraille = function () {
        if (!this.braille) { return; }
        if (document.activeElement === this.braille) { this.plot.focus(); return; }
        if (!this.current) { this.step(1); }
        this.braille.focus();
        if (this.current) { this.feel(this.current); }
      };

      Chart.prototype.verbosity = function () {
        terse = !terse;
        try { window.localStorage.setItem(VERBOSITY, terse ? "terse" : "full"); } catch (error) {
          // Not remembered (storage off): the choice holds until the page is left.
        }
        if (this.current && this.current.i >= 0) { this.current = this.point(this.current.s, this.current.i); }
        this.say(terse ? messages.terse : messages.full);
      };

      /// The point's place in the audio graph: its pitch (log scale over the y domain, PitchMap) and
      /// pan (its x over the x extent of every series, AudioTimeline).
      Chart.prototype.pitch = function (p) {
        var m = this.model.sound || {}, y = m.y, x = m.x, at = 0.5, pan = 0.5;
        var low = m.low || 130.81, high = m.high || 1046.5;
        if (y && p.y !== null && y[1] > y[0]) { at = Math.min(1, Math.max(0, (p.y - y[0]) / (y[1] - y[0]))); }
        if (x && x[1] > x[0]) { pan = Math.min(1, Math.max(0, (p.x - x[0]) / (x[1] - x[0]))); }
        return {frequency: low * Math.pow(2, Math.log(high / low) / Math.LN2 * at), pan: pan, low: low};
      };

      /// Sounds point p: its tone (a buzz for a gap), then an earcon at the series' highest or lowest
      /// point; `step` is the time to the next tone while playing on (null for a key's single move).
      Chart.prototype.voice = function (p, step) {
        var place = this.pitch(p), ends = this.extremes[p.s] || {};
        var request = {chart: this.plot.getAttribute("data-chart"), series: p.s, index: p.index, step: step, pan: place.pan};
        var copy = function (changes) {
          var out = {}, key;
          for (key in request) { if (request.hasOwnProperty(key)) { out[key] = request[key]; } }
          for (key in changes) { if (changes.hasOwnProperty(key)) { out[key] = changes[key]; } }
          return out;
        };
        if (p.y === null) {
          tone(copy({kind: "gap", frequency: place.low / 2, duration: TONE}), 0);
          return;
        }
        tone(copy({kind: "point", frequency: place.frequency, duration: TONE}), 0);
        if (p.i >= 0 && (p.i === ends.high || p.i === ends.low)) {
          tone(copy({kind: "earcon", extreme: p.i === ends.high ? "high" : "low",
                     frequency: place.frequency * (p.i === ends.high ? HIGH_EARCON : LOW_EARCON), duration: EARCON}), TONE);
        }
      };

      /// Plays on from the focused point, a tone a step, the marker following; at the series' end the
      /// last point is said. Any key but the speed and mute keys stops it (halt).
      Chart.prototype.run = function () {
        var self = this, points, i, k;
        this.halt();
        if (!this.current) { this.step(1); }
        if (!this.current) { return; }
        points = this.model.series[this.current.s].points;
        i = this.current.i;
        if (i < 0) {
          i = points.length;
          for (k = 0; k < points.length; k += 1) { if (points[k][0] > this.current.index) { i = k; break; } }
        }
        var s = this.current.s, run = {timer: null};
        var next = function () {
          if (self.running !== run) { return; }
          if (i >= points.length) {
            self.running = null;
            self.say(self.current.label);
            return;
          }
          var p = self.point(s, i), step = STEP / sound.speed;
          self.current = p;
          self.show(p);
          self.feel(p);
          self.voice(p, step);
          i += 1;
          run.timer = window.setTimeout(next, step * 1000);
        };
        this.running = run;
        next();
      };

      Chart.prototype.halt = function () {
        if (this.running) { window.clearTimeout(this.running.timer); }
        this.running = null;
      };

      Chart.prototype.faster = function (delta) {
        var k = Math.min(SPEEDS.length - 1, Math.max(0, SPEEDS.indexOf(sound.speed) + delta));
        sound.speed = SPEEDS[k];
        if (this.audio) { this.audio.playbackRate = sound.speed; }
        this.say((messages.speeds || [])[k] || String(sound.speed));
      };

      Chart.prototype.mute = function () {
        sound.muted = !sound.muted;
        this.say(sound.muted ? messages.soundOff : messages.soundOn);
      };

      /// Where the focus is: the series and the point's full label (which says its place), in any verbosity.
      Chart.prototype.where = function () {
        var p = this.current, series, label;
        if (!p) { this.say(messages.noPosition); return; }
        series = this.model.series[p.s];
        label = p.i >= 0 ? series.points[p.i][3] : p.full;
        this.say((messages.position || "{series}: {label}").replace("{series}", function () { return series.announce; })
          .replace("{label}", function () { return label; }));
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
        if (this.model.more && this.model.more[list]) { this.loadMore(); }
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

      /// The lists whole: the model holds the first entries of each series, the page's cp-more
      /// element every one, read at the first jump along a list that has more.
      Chart.prototype.loadMore = function () {
        var element = this.plot.closest("section").querySelector("script.cp-more"), whole, key;
        this.model.more = null;
        if (!element) { return; }
        try { whole = JSON.parse(element.textContent); } catch (error) { return; }
        for (key in whole) { if (whole.hasOwnProperty(key)) { this.model.lists[key] = whole[key]; } }
      };

      /// Plays the audio file from the focused point on to the series' end.
      Chart.prototype.play = function () {
        var p, series, end;
        if (!this.audio) { this.say(messages.noAudio); return; }
        if (!this.current) { this.step(1); }
        p = this.current;
        if (!p || p.t === null || p.t === undefined) { this.say(messages.noAudio); return; }
        series = this.model.series[p.s];
        end = series.end === null ? Infinity : series.end;
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
        var read = {t: "title", x: "x", y: "y"};
        if (event.altKey || event.metaKey || (event.ctrlKey && key !== "Control")) { return; }
        if (key !== "[" && key !== "]" && letter !== "m" && key !== "Shift") {
          this.halt();
          if (!(key === "End" && shift)) { this.stop(); }
        }
        if (key === "[") { this.faster(-1); }
        else if (key === "]") { this.faster(1); }
        else if (letter === "m") { this.mute(); }
        else if (read.hasOwnProperty(letter)) { this.say((this.model.read || {})[read[letter]] || ""); }
        else if (letter === "w") { this.where(); }
        else if (letter === "b") { this.toBraille(); }
        else if (letter === "l") { this.verbosity(); }
        else if (key === "ArrowRight") { this.step(1); }
        else if (key === "ArrowLeft") { this.step(-1); }
        else if (key === "ArrowDown") { this.series(1); }
        else if (key === "ArrowUp") { this.series(-1); }
        else if (key === "Home" && !shift) { this.end(false); }
        else if (key === "End" && shift) { this.play(); }
        else if (key === "End") { this.end(true); }
        else if (key === "PageDown") { this.jump("segment", 1); }
        else if (key === "PageUp") { this.jump("segment", -1); }
        else if (lists.hasOwnProperty(letter)) { this.jump(lists[letter], shift ? -1 : 1); }
        else if (key === " ") { this.run(); }
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

      /// The tree of one chart, built as it is walked: an item's children are made when it is first
      /// entered, so a chart of many points starts with one item.
      function Tree(chart, list) {
        var self = this, model = chart.model;
        this.chart = chart;
        this.list = list;
        this.current = null;
        list.setAttribute("role", "tree");
        this.root = {level: 1, text: (model.read || {}).title || "", kids: function () {
          return model.series.map(function (series, s) { return self.seriesNode(s); });
        }};
        this.render(this.root, list);
        this.root.element.tabIndex = 0;
        this.current = this.root;
        list.addEventListener("keydown", function (event) { self.key(event); });
        list.addEventListener("click", function (event) {
          var item = event.target.closest("[role=treeitem]");
          if (item && item.cpNode) { self.focus(item.cpNode); }
        });
      }

      Tree.prototype.seriesNode = function (s) {
        var self = this, series = this.chart.model.series[s];
        var points = function (from, to) {
          var out = [];
          series.points.forEach(function (p, i) {
            if (p[0] >= from && p[0] <= to) { out.push(self.pointNode(s, i)); }
          });
          return out;
        };
        return {level: 2, text: series.tree || series.announce, kids: series.points.length === 0 ? null : function () {
          var segments = series.segments || [];
          if (segments.length < 2) { return points(-Infinity, Infinity); }
          return segments.map(function (g) { return {level: 3, text: g[2], kids: function () { return points(g[0], g[1]); }}; });
        }};
      };

      Tree.prototype.pointNode = function (s, i) {
        var p = this.chart.point(s, i);
        return {level: (this.chart.model.series[s].segments || []).length < 2 ? 3 : 4, text: p.label, point: p, kids: null};
      };

      Tree.prototype.render = function (node, parent) {
        var item = document.createElement("li"), span = document.createElement("span");
        item.setAttribute("role", "treeitem");
        item.setAttribute("aria-level", String(node.level));
        item.setAttribute("aria-label", node.text);
        item.tabIndex = -1;
        if (node.kids) { item.setAttribute("aria-expanded", "false"); }
        span.textContent = node.text;
        item.appendChild(span);
        item.cpNode = node;
        node.element = item;
        parent.appendChild(item);
      };

      /// Opens the node's group (made the first time) and returns its first child, or null.
      Tree.prototype.open = function (node) {
        var self = this, group;
        if (!node.kids) { return null; }
        if (!node.children) {
          node.children = node.kids();
          group = document.createElement("ul");
          group.setAttribute("role", "group");
          node.children.forEach(function (child, k) {
            child.parent = node;
            child.position = k;
            self.render(child, group);
          });
          node.element.appendChild(group);
          node.group = group;
        }
        node.group.hidden = false;
        node.element.setAttribute("aria-expanded", "true");
        return node.children[0] || null;
      };

      Tree.prototype.close = function (node) {
        if (node.group) { node.group.hidden = true; }
        if (node.kids) { node.element.setAttribute("aria-expanded", "false"); }
      };

      Tree.prototype.focus = function (node) {
        if (this.current && this.current.element) { this.current.element.tabIndex = -1; }
        this.current = node;
        node.element.tabIndex = 0;
        node.element.focus();
        if (node.point) {
          // A point of the tree is the chart's point too: the marker, the braille cursor, its tone.
          this.chart.current = node.point;
          this.chart.show(node.point);
          this.chart.feel(node.point);
          if (!sound.muted) { this.chart.voice(node.point, null); }
        }
      };

      Tree.prototype.key = function (event) {
        var node = this.current, next = null, siblings;
        if (!node || event.altKey || event.ctrlKey || event.metaKey) { return; }
        siblings = node.parent ? node.parent.children : [node];
        if (event.key === "ArrowDown" || event.key === "Enter") { next = this.open(node); }
        else if (event.key === "ArrowUp") { next = node.parent || null; if (next) { this.close(next); } }
        else if (event.key === "ArrowRight") { next = siblings[node.position + 1] || null; }
        else if (event.key === "ArrowLeft") { next = node.position > 0 ? siblings[node.position - 1] : null; }
        else if (event.key === "Home") { next = siblings[0]; }
        else if (event.key === "End") { next = siblings[siblings.length - 1]; }
        else { return; }
        event.preventDefault();
        if (next) { this.focus(next); }
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
        var treeList = plot.closest("section").querySelector("ul.cp-tree");
        if (treeList) {
          try { chart.tree = new Tree(chart, treeList); } catch (error) { treeList.parentNode.hidden = true; }
        }
        if (chart.braille) {
          chart.braille.addEventListener("keydown", function (event) { if (event.key !== "Tab") { chart.key(event); } });
          chart.braille.addEventListener("focus", function () { if (chart.current) { chart.show(chart.current); } });
        }
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
