// The card table (explorer/ui/practice/table.py gives it its data; explorer/view/practice_table.py says what the
// data holds). It draws what Python sends and sends back what was tapped: it decides nothing about the rules.
// A tap is one trigger value {n, do, ...}; n is the session's action count the table was drawn with, so a second
// event of a double tap is ignored by Python. While a playback runs (the computers' cards after your tap), your
// hand and the calls stay on the table, disabled.

const SEATS = ["N", "E", "S", "W"];
const PACE = {  // ms: after a card or a call, a finished trick held, its sweep to the winner
  slow: {card: 1100, call: 1000, hold: 2300, sweep: 550, fly: 380},
  normal: {card: 650, call: 650, hold: 1500, sweep: 450, fly: 280},
  fast: {card: 260, call: 280, hold: 700, sweep: 300, fly: 180},
  instant: {card: 0, call: 0, hold: 0, sweep: 0, fly: 0},
};
const QUICK = {card: 130, call: 0, hold: 420, sweep: 220, fly: 120};  // the cards of a Sawa claim
const seen = (globalThis.__bxTableSeen ??= new Set());  // playbacks already shown in this page load
const turns = (globalThis.__bxTurns ??= []);            // tap -> your next playable turn (ms), for the benchmark

const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// The log's lines said together in the status line: a line that ends without a full stop ("Noura: Sun") gets one,
// so that the next does not run on ("Noura: Sun Hamad is not asked: ...").
const joinLines = (lines) => lines.map((line, i) => i < lines.length - 1 && !/[.!?؟:…]$/.test(line.trim()) ?
  line.trim() + "." : line.trim()).filter(Boolean).join(" ");

function cardEl(c, tag) {
  const e = el(tag || "div", "bx-card" + (c.red ? " bx-red" : ""));
  e.dataset.card = c.c;
  e.setAttribute(tag === "button" ? "aria-label" : "title", c.name);
  if (tag !== "button") e.setAttribute("role", "img"), e.setAttribute("aria-label", c.name);
  e.append(el("span", "bx-r", c.r), el("span", "bx-s1", c.s), el("span", "bx-s2", c.s));
  return e;
}

class Table {
  constructor(host) {
    this.host = host;
    this.root = host.querySelector(".bx-root");
    this.token = 0;
    this.waiting = null;      // the n of a tap sent and not yet answered
    this.ekka = false;
    this.panel = null;        // "last" | "log" | null
    this.confirm = false;     // Deal again asked
    this.optimistic = null;   // your card moved to the trick before the server answered
    this.build();
    this.onResize = () => this.size();
    window.addEventListener("resize", this.onResize);
    this.observer = new ResizeObserver(() => this.size());
    this.observer.observe(this.root);
    requestAnimationFrame(() => {   // after Start at the foot of a long form: the table is the top of the page
      if (this.root.getBoundingClientRect().top < 0) {
        window.scrollTo(0, 0);
        const main = document.querySelector('[data-testid="stMain"]');
        if (main) main.scrollTo(0, 0);
      }
    });
  }

  build() {
    const r = this.root;
    r.replaceChildren();
    this.top = el("div", "bx-top");
    this.score = el("div", "bx-score");
    this.badge = el("div", "bx-badge");
    this.tools = el("div", "bx-tools");
    this.top.append(this.score, this.tools);
    this.felt = el("div", "bx-felt");
    this.seats = {};
    for (const s of SEATS) {
      const seat = el("div", "bx-seat");
      seat.dataset.seat = s;
      const name = el("span", "bx-name"), badge = el("span", "bx-turnbadge"), chip = el("span", "bx-chip");
      const backs = el("div", "bx-backs"), count = el("span", "bx-count"), bubble = el("span", "bx-bubble");
      if (s === "S") seat.append(chip, name, badge, bubble);
      else if (s === "N") seat.append(chip, name, badge, backs, count, bubble);
      else seat.append(name, badge, chip, backs, count, bubble);
      this.seats[s] = {seat, name, badge, chip, backs, count, bubble};
      this.felt.append(seat);
    }
    this.center = el("div", "bx-center");
    this.slots = {};
    for (const s of SEATS) {
      const slot = el("div", "bx-slot");
      slot.dataset.slot = s;
      this.slots[s] = slot;
      this.center.append(slot);
    }
    this.mid = el("div", "bx-mid");
    this.center.append(this.mid);
    this.felt.append(this.center, this.badge);
    this.handrow = el("div", "bx-handrow");
    this.hand = el("div", "bx-hand");
    this.handrow.append(this.hand);
    this.actions = el("div", "bx-actions");
    this.status = el("div", "bx-status");
    this.status.setAttribute("role", "status");
    this.status.setAttribute("aria-live", "polite");
    this.panelEl = el("div", "bx-panel");
    this.panelEl.hidden = true;
    r.append(this.top, this.felt, this.handrow, this.actions, this.status, this.panelEl);
  }

  size() {
    const w = this.root.clientWidth || 360, h = window.innerHeight || 800;
    const big = this.data && this.data.look && this.data.look.size === "lg";
    let cw = Math.min(w / 7.3, h / (big ? 9.2 : 10.8), big ? 118 : 86);
    cw = Math.max(30, Math.floor(cw));
    this.root.style.setProperty("--cw", cw + "px");
    const n = this.hand.childElementCount || 8;
    const room = w - 12, need = n * cw;
    const gap = need + (n - 1) * 5 <= room ? 5 : Math.floor((room - need) / Math.max(1, n - 1));
    this.root.style.setProperty("--gap", gap + "px");
  }

  send(value) {
    this.setTrigger("tap", {...value, n: this.data.n});
  }

  // --- the data of a run ------------------------------------------------------------------------------------------

  update(data) {
    const old = this.data;
    this.data = data;
    const r = this.root;
    r.dir = data.dir;
    r.lang = data.lang;
    r.dataset.felt = data.look.felt;
    r.dataset.backs = data.look.backs;
    r.dataset.size = data.look.size;
    r.dataset.serverMs = data.server_ms ?? "";
    this.size();
    if (this.waiting !== null && data.n !== this.waiting) this.waiting = null;   // the tap was answered
    const fresh = !old || data.id !== old.id;
    if (fresh && !seen.has(data.id) && data.frames.length && data.look.pace !== "instant") {
      seen.add(data.id);
      this.play(data.frames);
      return;
    }
    seen.add(data.id);
    if (this.playing && !fresh) return;            // the playback goes on, and ends on this data
    this.token++;
    this.finish();
  }

  // --- drawing one frame ----------------------------------------------------------------------------------------

  drawSeats(f) {
    const d = this.data;
    for (const s of SEATS) {
      const x = this.seats[s];
      x.name.textContent = d.names[s];
      x.name.title = d.names[s];
      x.badge.textContent = s === d.human ? d.words.your_turn : d.words.to_play;
      x.seat.classList.toggle("bx-turn", f.turn === s);
      x.seat.classList.toggle("bx-dealer", f.dealer === s);
      x.chip.textContent = d.words.dealer_mark;   // the dealer's one-letter mark, in the page's language
      x.chip.title = d.words.dealer;
      if (s !== d.human) {
        const k = f.counts[s];
        if (x.backs.childElementCount !== k) {
          x.backs.replaceChildren(...Array.from({length: k}, () => el("span", "bx-back")));
        }
        x.count.textContent = k ? String(k) : "";
      }
      const said = f.bubbles[s] || "";
      if (x.bubble.textContent !== said) {
        x.bubble.textContent = said;
        x.bubble.classList.remove("bx-pop");
        if (said) { void x.bubble.offsetWidth; x.bubble.classList.add("bx-pop"); }
      }
    }
  }

  drawTop(f) {
    const d = this.data, w = d.words, sc = f.score;
    this.score.replaceChildren(
      el("span", "", w.us), el("b", "bx-us", String(sc.us)), el("span", "", "·"),
      el("span", "", w.them), el("b", "bx-them", String(sc.them)), el("span", "bx-goal", w.goal),
      el("span", "bx-dealno", w.deal));
    this.score.dataset.us = sc.us;
    this.score.dataset.them = sc.them;
    const c = f.contract;
    this.badge.replaceChildren();
    this.badge.hidden = !c;
    if (c) {
      this.badge.title = c.text;
      this.badge.append(el("span", "", c.mode === "sun" ? "☀ " + c.word : c.word));
      if (c.suit) {
        const s = el("span", "bx-suit", c.suit);
        s.style.color = c.red ? "#c8102e" : "#16181a";
        this.badge.append(s);
      }
      this.badge.append(el("span", "", "· " + d.names[c.buyer]));
      if (c.level) this.badge.append(el("span", "bx-level", c.level));
    }
    this.tools.replaceChildren();
    const last = this.tool(w.last, "last", "M4 6h16v12H4z M8 10h8 M8 14h5");
    last.disabled = !f.last;
    const log = this.tool(w.log, "log", "M5 6h14 M5 12h14 M5 18h9");
    const on = !!d.look.sound;
    const sound = this.tool(on ? w.sound_on : w.sound_off, "sound",
      on ? "M4 9h4l5-4v14l-5-4H4z M16 8a5 5 0 0 1 0 8" : "M4 9h4l5-4v14l-5-4H4z M16 9l5 6 M21 9l-5 6");
    sound.setAttribute("aria-pressed", on ? "true" : "false");
    last.setAttribute("aria-pressed", this.panel === "last" ? "true" : "false");
    log.setAttribute("aria-pressed", this.panel === "log" ? "true" : "false");
    this.tools.append(last, log, sound);
  }

  tool(label, what, path) {
    const b = el("button", "bx-tool");
    b.type = "button";
    b.dataset.tool = what;
    b.setAttribute("aria-label", label);
    b.title = label;
    b.innerHTML = `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"
      stroke-linejoin="round" aria-hidden="true"><path d="${path}"/></svg>`;
    b.onclick = () => this.toolTap(what);
    return b;
  }

  drawTrick(f, animate, fly) {
    const d = this.data;
    for (const s of SEATS) this.slots[s].replaceChildren();
    this.mid.replaceChildren();
    if (f.upcard) {
      const u = cardEl(f.upcard);
      u.classList.add("bx-upcard");
      this.mid.append(u, el("span", "bx-caption", d.words.upcard));
    }
    for (const p of f.trick) {
      const c = cardEl(p.card);
      if (f.winning === p.seat) c.classList.add("bx-winning");
      this.slots[p.seat].append(c);
      if (animate && f.act && f.act.kind === "card" && f.act.seat === p.seat && fly) this.flyIn(c, p.seat, fly);
    }
  }

  flyIn(card, seat, ms) {
    const from = this.seats[seat].seat.getBoundingClientRect(), to = this.slots[seat].getBoundingClientRect();
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    card.style.transition = "none";
    card.style.transform = `translate(${dx}px, ${dy}px) scale(.6)`;
    void card.offsetWidth;
    card.style.transition = `transform ${ms}ms ease-out`;
    card.style.transform = "none";
  }

  async sweep(winner, ms) {
    const to = this.seats[winner].seat.getBoundingClientRect();
    for (const s of SEATS) {
      const c = this.slots[s].firstElementChild;
      if (!c) continue;
      const at = c.getBoundingClientRect();
      c.style.transition = `transform ${ms}ms ease-in, opacity ${ms}ms ease-in`;
      c.style.transform = `translate(${to.left + to.width / 2 - at.left - at.width / 2}px, ` +
        `${to.top + to.height / 2 - at.top - at.height / 2}px) scale(.45)`;
      c.style.opacity = "0";
    }
    await sleep(ms);
    for (const s of SEATS) this.slots[s].replaceChildren();
  }

  drawHand(cards, you) {
    this.hand.replaceChildren();
    this.hand.setAttribute("aria-label", this.data.words.hand);
    const reasons = (you && you.cards) || {};
    const dim = you && you.tutor;
    for (const c of cards) {
      const b = cardEl(c, "button");
      b.type = "button";
      const why = reasons[c.c];
      if (you && you.stage === "play" && Object.keys(reasons).length) {
        b.classList.add(why ? (dim ? "bx-no" : "bx-free") : "bx-ok");
        if (why) b.dataset.illegal = "1";
      }
      if (this.ekka && you && you.ekka.includes(c.c)) b.classList.add("bx-ekka-on");
      b.onclick = () => this.cardTap(c, b);
      this.hand.append(b);
    }
    this.size();
  }

  drawActions(you) {
    const d = this.data, w = d.words;
    this.actions.replaceChildren();
    if (d.over && !this.playing) return this.drawOver(d.over);
    if (!you) return;
    if (you.calls.length) {
      const box = el("div", "bx-calls");
      box.setAttribute("aria-label", w.calls);
      for (const c of you.calls) {
        const b = this.act(c.label, () => this.tapAct(c.a, {call: c.label}), c.pass ? "" : "bx-main", c.help);
        b.dataset.action = c.a;
        box.append(b);
      }
      this.actions.append(box);
    }
    for (const dcl of you.declare) {
      const b = this.act(dcl.label, () => this.tapAct(dcl.a, {}), "bx-main");
      b.dataset.action = dcl.a;
      this.actions.append(b);
    }
    if (you.ekka.length) {
      const b = this.act(w.ekka, () => { this.ekka = !this.ekka; this.finish(); }, "bx-quiet");
      b.setAttribute("aria-pressed", this.ekka ? "true" : "false");
      b.dataset.do = "ekka";
      this.actions.append(b);
    }
    if (you.sawa) this.actions.append(this.act(w.sawa, () => this.tapDo("sawa"), "bx-main", null, "sawa"));
    if (you.hint) this.actions.append(this.act(w.hint, () => this.tapDo("hint", w.thinking), "bx-quiet", null, "hint"));
    if (you.back) this.actions.append(this.act(w.back, () => this.tapDo("back"), "bx-quiet", null, "back"));
  }

  act(label, onTap, cls, help, what) {
    const b = el("button", "bx-act " + (cls || ""));
    b.type = "button";
    b.append(el("span", "bx-label", label));
    if (help) b.append(el("span", "bx-help", help));
    if (what) b.dataset.do = what;
    b.onclick = () => { if (this.root.dataset.state === "ready" || this.root.dataset.state === "over") onTap(); };
    return b;
  }

  drawOver(over) {
    const w = this.data.words;
    const box = el("div", "bx-over");
    const deal = el("div", "bx-result", over.deal.text);
    deal.dataset.tone = over.deal.tone;
    box.append(deal);
    if (over.claim && over.claim.length) {   // a Sawa claim ended it: who claimed, then the tricks it took at once
      const claim = el("div", "bx-claim", over.claim[0]);
      const rows = el("ol", "bx-claim-tricks");
      for (const line of over.claim.slice(1)) rows.append(el("li", null, line));
      if (over.claim.length > 1) claim.append(rows);
      box.append(claim);
    }
    if (over.match) {
      const m = el("div", "bx-result bx-match", over.match.text);
      m.dataset.tone = over.match.tone;
      m.dataset.match = "1";
      box.append(m);
    }
    const row = el("div", "bx-row");
    if (this.confirm) {
      box.append(el("div", "bx-confirm", over.confirm || ""));
      row.append(this.act(w.yes_again, () => { this.confirm = false; this.tapDo("again"); }, "bx-main", null, "again"),
                 this.act(w.cancel, () => { this.confirm = false; this.finish(); }, "bx-quiet", null, "cancel"));
    } else {
      if (over.next) row.append(this.act(w.next, () => this.tapDo("next"), "bx-main", null, "next"));
      if (over.new) row.append(this.act(w.new, () => this.tapDo("new"), "bx-main", null, "new"));
      if (over.again) row.append(this.act(w.again, () => { this.confirm = true; this.finish(); }, "bx-quiet", null,
                                          "ask-again"));
    }
    box.append(row);
    this.actions.append(box);
  }

  say(text, level) {
    this.status.textContent = text || "";
    if (level) this.status.dataset.level = level;
    else delete this.status.dataset.level;
  }

  drawPanel(f) {
    const d = this.data, w = d.words, p = this.panelEl;
    p.replaceChildren();
    p.hidden = !this.panel;
    if (!this.panel) return;
    const head = el("h3", "", this.panel === "last" ? w.last : w.log);
    const close = el("button", "bx-tool", "✕");
    close.type = "button";
    close.setAttribute("aria-label", w.close);
    close.onclick = () => { this.panel = null; this.finish(); };
    head.append(close);
    p.append(head);
    p.dataset.panel = this.panel;
    if (this.panel === "last") {
      const last = f.last;
      if (!last) { p.append(el("p", "", w.no_trick)); return; }
      const row = el("div", "bx-lasttrick");
      for (const c of last.cards) {
        const fig = el("figure", c.seat === last.winner ? "bx-won" : "");
        fig.append(cardEl(c.card), el("figcaption", "", d.names[c.seat]));
        row.append(fig);
      }
      p.append(row, el("p", "", last.text));
    } else {
      const ol = el("ol");
      for (const line of d.log.slice(0, f.log ?? d.log.length)) ol.append(el("li", "", line));
      p.append(ol);
      requestAnimationFrame(() => { ol.scrollTop = ol.scrollHeight; });
    }
  }

  // --- the end of a playback, or a run with nothing to play: your decision -----------------------------------

  finish() {
    const d = this.data, f = d.table;
    this.playing = false;
    this.drawTop(f);
    this.drawSeats(f);
    this.drawTrick(d.over && f.last && !f.trick.length ? {...f, trick: f.last.cards, winning: f.last.winner} :
                   f.won ? {...f, trick: []} : f, false);
    const you = this.waiting === null ? d.you : null;
    this.drawHand(f.hand, d.you);
    this.drawActions(d.you);
    this.drawPanel(f);
    const state = this.waiting !== null ? "busy" : d.you ? "ready" : d.over ? "over" : "idle";
    this.root.dataset.state = state;
    this.root.dataset.turn = f.turn || "";
    this.root.dataset.seq = d.id;
    if (this.waiting === null) {
      if (d.notice) this.say(d.notice.text, d.notice.level === "error" ? "error" : "info");
      else if (d.hint) this.say(d.hint.text, "hint");
      else if (you && you.line) this.say(you.line);
      else this.say(this.lastLines(d), "log");
    }
    if (you && this.tapAt !== undefined) {
      turns.push({ms: performance.now() - this.tapAt, server: d.server_ms});
      this.tapAt = undefined;
      this.sound("turn");
    }
  }

  lastLines(d) {
    // The lines of the deal's log since the frame before the last one (a call and why the next seats are not
    // asked come together), else its last line.
    const fs = d.frames, n = d.log.length;
    const from = fs.length > 1 ? fs[fs.length - 2].log : fs.length === 1 && d.log_from !== null ? d.log_from : n - 1;
    return joinLines(d.log.slice(Math.max(0, Math.min(from, n - 1)), n));
  }

  async play(frames) {
    const token = ++this.token;
    this.playing = true;
    this.root.dataset.state = "busy";
    this.drawPanel(frames[0]);
    this.drawActions(this.data.you);
    const pace = PACE[this.data.look.pace] || PACE.normal;
    let shown = this.data.log_from ?? 0;             // the log's lines said before the playback
    for (const f of frames) {
      if (token !== this.token) return;
      const t = f.quick ? QUICK : pace;
      const mine = f.act && f.act.seat === this.data.human;
      const moved = mine && f.act.kind === "card" && this.optimistic === f.act.card.c;
      this.frame = f;
      this.drawTop(f);
      this.drawSeats(f);
      this.drawTrick(f, !moved, t.fly);
      this.drawHand(f.hand, null);
      if (this.panel) this.drawPanel(f);
      if (f.act && f.act.kind === "card") this.sound("card");
      else if (f.act && f.act.kind === "call") this.sound("call");
      const said = joinLines(this.data.log.slice(shown, f.log)) || this.data.log[f.log - 1] || "";
      this.say(said, "log");
      shown = f.log;
      // A frame that says more than a call (why the next seats are not asked, why nobody doubles) is held long
      // enough to be read: about 120 ms a word past the first twelve, at most 5 s, scaled by the pace (none instant).
      const reading = Math.min(5000, Math.max(0, said.split(/\s+/).length - 12) * 120) * (t.call / PACE.normal.call);
      if (f.won) {
        await sleep(Math.max(t.card * .6, t.fly));
        if (token !== this.token) return;
        this.sound(f.won.seat === this.data.human || f.won.seat === partner(this.data.human) ? "won" : "lost");
        await sleep(t.hold);
        if (token !== this.token) return;
        await this.sweep(f.won.seat, t.sweep);
      } else {
        await sleep((mine ? Math.min(t.card, 250) : f.act && f.act.kind === "card" ? t.card : t.call) + reading);
      }
    }
    if (token !== this.token) return;
    this.optimistic = null;
    this.finish();
  }

  // --- taps ------------------------------------------------------------------------------------------------------

  ready() { return this.root.dataset.state === "ready" && this.waiting === null && !this.playing; }

  cardTap(c, button) {
    const you = this.data.you;
    this.wake();
    if (!this.ready() || !you || you.stage !== "play" || !(c.c in you.cards)) {
      button.classList.remove("bx-shake"); void button.offsetWidth; button.classList.add("bx-shake");
      return;
    }
    const why = you.cards[c.c];
    if (why) {                                   // the engine's reason, sent with the table: no run needed
      this.say(why, "error");
      this.root.dataset.refused = c.c;
      button.classList.remove("bx-shake"); void button.offsetWidth; button.classList.add("bx-shake");
      return;
    }
    const ekka = this.ekka && you.ekka.includes(c.c);
    this.ekka = false;
    this.optimistic = c.c;
    button.remove();
    const slot = this.slots[this.data.human];
    slot.replaceChildren(cardEl(c));
    const pace = PACE[this.data.look.pace] || PACE.normal;
    if (pace.fly) this.flyFromHand(slot.firstElementChild, button);
    this.sound("card");
    this.tapAct(`${this.data.human}: play ${c.c}${ekka ? " ekka" : ""}`, {});
  }

  flyFromHand(card) {
    const to = card.getBoundingClientRect(), from = this.handrow.getBoundingClientRect();
    card.style.transition = "none";
    card.style.transform = `translate(0px, ${from.top - to.top}px)`;
    void card.offsetWidth;
    card.style.transition = "transform 200ms ease-out";
    card.style.transform = "none";
  }

  tapAct(action, what) {
    if (!this.ready()) return;
    if (what.call) {
      const b = this.seats[this.data.human].bubble;
      b.textContent = what.call;
    }
    this.tapDo("act", null, {a: action});
  }

  tapDo(what, saying, extra) {
    const st = this.root.dataset.state;
    if (this.waiting !== null || this.playing || (st !== "ready" && st !== "over")) return;
    this.wake();
    this.waiting = this.data.n;
    this.tapAt = performance.now();
    clearTimeout(this.stuck);
    this.stuck = setTimeout(() => { if (this.waiting !== null) { this.waiting = null; this.finish(); } }, 30000);
    this.root.dataset.state = "busy";
    delete this.root.dataset.refused;
    this.say(saying || "", saying ? "log" : null);
    this.send({do: what, ...(extra || {})});
  }

  toolTap(what) {
    const f = this.playing && this.frame ? this.frame : this.data.table;   // no peeking ahead of the playback
    if (what === "sound") {
      const on = !this.data.look.sound;
      this.data.look.sound = on;
      this.wake();
      this.setTrigger("tap", {do: "sound", on, n: this.data.n});
      if (on) this.sound("turn");
      this.drawTop(f);
      return;
    }
    this.wake();
    this.panel = this.panel === what ? null : what;
    this.drawPanel(f);
    this.drawTop(f);
  }

  // --- sound: a few generated tones (Web Audio), off unless turned on ----------------------------------------

  wake() {
    if (!this.data.look.sound) return;
    try {
      this.audio ??= new (window.AudioContext || window.webkitAudioContext)();
      if (this.audio.state === "suspended") this.audio.resume();
    } catch (e) { this.audio = null; }
  }

  sound(kind) {
    if (!this.data || !this.data.look.sound || !this.audio || this.audio.state !== "running") return;
    const tones = {card: [[340, .05, "triangle"]], call: [[520, .07, "sine"]],
      won: [[660, .09, "sine"], [880, .12, "sine"]], lost: [[440, .09, "sine"], [330, .12, "sine"]],
      turn: [[740, .06, "sine"]]}[kind] || [];
    let t = this.audio.currentTime;
    for (const [freq, len, type] of tones) {
      const o = this.audio.createOscillator(), g = this.audio.createGain();
      o.type = type;
      o.frequency.value = freq;
      g.gain.setValueAtTime(.0001, t);
      g.gain.exponentialRampToValueAtTime(.18, t + .01);
      g.gain.exponentialRampToValueAtTime(.0001, t + len);
      o.connect(g).connect(this.audio.destination);
      o.start(t);
      o.stop(t + len + .02);
      t += len;
    }
  }

  destroy() {
    this.token++;
    window.removeEventListener("resize", this.onResize);
    this.observer.disconnect();
  }
}

function partner(seat) { return {N: "S", S: "N", E: "W", W: "E"}[seat]; }

export default function ({data, parentElement, setTriggerValue}) {
  let table = parentElement.__bxTable;
  if (!table || !table.root.isConnected) {
    table = parentElement.__bxTable = new Table(parentElement);
  }
  table.setTrigger = setTriggerValue;
  table.update(data);
  return () => { if (!parentElement.isConnected) table.destroy(); };
}
