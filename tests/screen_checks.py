"""What a learner's screen is measured for, in the browser itself: controls past the screen's
edge, text contrast, card edges and tap targets (issue 25, "Every screen").

One script, :data:`MEASURE`, run in the page by ``page.evaluate(MEASURE, selector)`` over the
part of the page that is the course's (the app's ``#rendered_cells``, the site's ``main``).  It
reads what the browser drew: computed colours composed over every background behind an
element, text drawn inside a picture (an SVG's ``text``: its fill over the shapes painted under
it and what is behind the picture, at the size it is drawn), the card pictures' own face and
frame colours (inline ``svg.card``, and the SVG a hand button is painted with), and each
control's box.  The thresholds are WCAG 2.2's: text 4.5:1
(large text, 24 px or 18.66 px bold, 3:1), the edge of a card 3:1 against the page (1.4.11),
a target at least 24 × 24 px (2.5.8; a link inside a sentence is exempt), and a card in the
hand at least 44 px wide and high, a fingertip (2.5.5).
"""

from __future__ import annotations

from typing import Any

TEXT_RATIO = 4.5
LARGE_TEXT_RATIO = 3.0
EDGE_RATIO = 3.0
TARGET = 24  # px, any control
CARD_TARGET = 44  # px, a card in the learner's hand

_SCRIPT = r"""
(rootSelector) => {
  const root = document.querySelector(rootSelector);
  const W = document.documentElement.clientWidth;
  const probe = document.createElement('span');
  document.body.appendChild(probe);
  const rgba = (value) => {  // any CSS colour as [r, g, b, a]
    probe.style.color = '';
    probe.style.color = value;
    const m = getComputedStyle(probe).color.match(/rgba?\(([^)]*)\)/);
    if (!m) return null;
    const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(parseFloat);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3]))
    .concat([1]);
  const lum = (c) => {
    const f = (v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  // What is behind an element: every background from the page down to it, composed; null when
  // a picture is behind (a card's face painted on a button), which is measured as a card.
  const behind = (el) => {
    const chain = [];
    for (let e = el; e; e = e.parentElement) chain.unshift(e);
    let colour = [255, 255, 255, 1];
    for (const e of chain) {
      const style = getComputedStyle(e);
      if (style.backgroundImage !== 'none' && !style.backgroundImage.startsWith('linear'))
        return null;
      const c = rgba(style.backgroundColor);
      if (c && c[3] > 0) colour = over(c, colour);
    }
    return colour;
  };
  const shown = (e) => {
    if (!e.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    const r = e.getBoundingClientRect();
    return r.width > 1 && r.height > 1;
  };
  const disabled = (e) => Boolean(e.closest(':disabled, .mod-disabled, [aria-disabled="true"]'));
  const name = (e) => {
    const text = (e.innerText || e.value || e.getAttribute('aria-label') || '').trim();
    return e.tagName.toLowerCase() + (e.className && typeof e.className === 'string'
      ? '.' + e.className.trim().split(/\s+/).slice(0, 3).join('.') : '') +
      (text ? ' «' + text.slice(0, 30) + '»' : '');
  };
  const out = { width: W, pageWidth: document.documentElement.scrollWidth, past: [],
    text: [], textChecked: 0, textMin: null, svgText: [], svgTextChecked: 0, svgTextMin: null,
    edges: [], edgesChecked: 0, edgeMin: null,
    small: [], targetsChecked: 0, targetMin: null, cards: [], cardMin: null, controls: 0 };

  // text: every element with words of its own, and every field's value
  for (const e of root.querySelectorAll('*')) {
    if (e.closest('svg, style, script, noscript') || !shown(e) || disabled(e)) continue;
    const words = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()) ||
      (e.matches('input:not([type=hidden]), select, textarea') && e.value);
    if (!words) continue;
    const style = getComputedStyle(e);
    const bg = behind(e);
    const ink = rgba(style.color);
    if (!bg || !ink || ink[3] === 0) continue;
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const r = ratio(over(ink, bg), bg);
    out.textChecked += 1;
    out.textMin = out.textMin === null ? r : Math.min(out.textMin, r);
    if (r < (large ? %(large)s : %(text)s))
      out.text.push(`${name(e)}: ${r.toFixed(2)}:1 (${style.color} on rgb(${bg.slice(0, 3)}))`);
  }

  // text drawn inside pictures (a card's index, a table of the Fan Tan row, a chart's labels):
  // its fill against the last shape painted under it in the same picture, over what is behind
  // the picture; its size as drawn on the screen
  const paint = (e) => {  // a shape's or a text's fill as [r, g, b, a], opacity included
    const style = getComputedStyle(e);
    if (!style.fill || style.fill === 'none' || style.fill.startsWith('url')) return null;
    const c = rgba(style.fill);
    if (!c) return null;
    let alpha = c[3] * parseFloat(style.fillOpacity || '1');
    for (let p = e; p && p.tagName.toLowerCase() !== 'svg'; p = p.parentElement)
      alpha *= parseFloat(getComputedStyle(p).opacity || '1');
    return [c[0], c[1], c[2], alpha];
  };
  const SHAPES = 'rect, path, circle, ellipse, polygon';
  for (const svg of root.querySelectorAll('svg')) {
    if (!shown(svg)) continue;
    const page = behind(svg);
    if (!page) continue;
    const shapes = [...svg.querySelectorAll(SHAPES)].filter(shown);
    for (const e of svg.querySelectorAll('text')) {
      if (!shown(e) || !e.textContent.trim()) continue;
      const ink = paint(e);
      if (!ink || ink[3] === 0) continue;
      const box = e.getBoundingClientRect();
      const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
      let bg = page;
      for (const shape of shapes) {  // document order is paint order
        if (!(shape.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
        const r = shape.getBoundingClientRect();
        if (x < r.left || x > r.right || y < r.top || y > r.bottom) continue;
        const fill = paint(shape);
        if (fill && fill[3] > 0) bg = over(fill, bg);
      }
      const ctm = e.getScreenCTM();
      const style = getComputedStyle(e);
      const size = parseFloat(style.fontSize) * (ctm ? Math.hypot(ctm.a, ctm.b) : 1);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const r = ratio(over(ink, bg), bg);
      out.svgTextChecked += 1;
      out.svgTextMin = out.svgTextMin === null ? r : Math.min(out.svgTextMin, r);
      if (r < (large ? %(large)s : %(text)s))
        out.svgText.push(`${name(svg)} «${e.textContent.trim().slice(0, 20)}»: ` +
          `${r.toFixed(2)}:1 (${style.fill} on rgb(${bg.slice(0, 3).map(Math.round)}), ` +
          `${size.toFixed(0)} px)`);
    }
  }

  // the edges of the cards: the face or the frame stands out from the page
  const cardEdge = (svgRoot, where) => {
    const rect = svgRoot && svgRoot.querySelector('rect');
    const bg = behind(where);
    if (!rect || !bg) return;
    const face = rgba(rect.getAttribute('fill'));
    const frame = rgba(rect.getAttribute('stroke'));
    const r = Math.max(face ? ratio(face, bg) : 0, frame ? ratio(frame, bg) : 0);
    out.edgesChecked += 1;
    out.edgeMin = out.edgeMin === null ? r : Math.min(out.edgeMin, r);
    if (r < %(edge)s) out.edges.push(`${name(where)}: ${r.toFixed(2)}:1`);
  };
  for (const svg of root.querySelectorAll('svg.card')) {
    if (shown(svg)) cardEdge(svg, svg.parentElement);
  }
  const cards = [...root.querySelectorAll('.kamp-hand > .kamp-card')].filter(shown);
  for (const button of cards) {
    const url = getComputedStyle(button).backgroundImage
      .match(/url\("?data:image\/svg\+xml;charset=utf-8,(.*?)"?\)$/);
    if (!url) continue;
    const svg = new DOMParser().parseFromString(decodeURIComponent(url[1]), 'image/svg+xml');
    cardEdge(svg.documentElement, button.parentElement);
    // the card's index painted on the button: its ink on the card's face (a picture, so
    // measured from the picture's own colours)
    const faceRect = svg.documentElement.querySelector('rect');
    const inkGroup = svg.documentElement.querySelector('g[fill]');
    const face = faceRect && rgba(faceRect.getAttribute('fill'));
    const ink = inkGroup && rgba(inkGroup.getAttribute('fill'));
    if (face && ink) {
      const r = ratio(over(ink, face), face);
      out.svgTextChecked += 1;
      out.svgTextMin = out.svgTextMin === null ? r : Math.min(out.svgTextMin, r);
      if (r < %(text)s) out.svgText.push(`${name(button)}: ${r.toFixed(2)}:1`);
    }
    const r = button.getBoundingClientRect();
    const least = Math.min(r.width, r.height);
    out.cardMin = out.cardMin === null ? least : Math.min(out.cardMin, least);
    if (least < %(card)s)
      out.cards.push(`${name(button)}: ${r.width.toFixed(0)}×${r.height.toFixed(0)} px`);
  }

  // controls: on the screen, and big enough to tap
  const inSentence = (a) => {
    const block = a.parentElement;
    return block && block.innerText.trim().length > a.innerText.trim().length + 2;
  };
  const controls = root.querySelectorAll(
    'button, input:not([type=hidden]), select, textarea, a[href], summary, [role=button]');
  for (const e of controls) {
    if (!shown(e)) continue;
    out.controls += 1;
    const r = e.getBoundingClientRect();
    if (r.left < -1 || r.right > W + 1)
      out.past.push(`${name(e)}: ${Math.round(r.left)}..${Math.round(r.right)} of ${W}`);
    if (e.matches('.kamp-hand > .kamp-card') || (e.matches('a') && inSentence(e))) continue;
    const least = Math.min(r.width, r.height);
    out.targetsChecked += 1;
    out.targetMin = out.targetMin === null ? least : Math.min(out.targetMin, least);
    if (least < %(target)s)
      out.small.push(`${name(e)}: ${r.width.toFixed(0)}×${r.height.toFixed(0)} px`);
  }
  probe.remove();
  return out;
}
"""
MEASURE = (_SCRIPT.replace("%(text)s", str(TEXT_RATIO)).replace("%(large)s", str(LARGE_TEXT_RATIO))
           .replace("%(edge)s", str(EDGE_RATIO)).replace("%(target)s", str(TARGET))
           .replace("%(card)s", str(CARD_TARGET)))


def measure(page: Any, root: str) -> dict[str, Any]:
    """The page's measures now (after two frames, so a resize has been laid out)."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    return dict(page.evaluate(MEASURE, root))


def problems(found: dict[str, Any]) -> list[str]:
    """Every measure that fails, said with the element and its number."""
    said = []
    if found["pageWidth"] > found["width"] + 1:
        said.append(f"the page scrolls sideways: {found['pageWidth']} px on a {found['width']} "
                    "px screen")
    said += [f"past the edge: {p}" for p in found["past"]]
    said += [f"text contrast: {p}" for p in found["text"]]
    said += [f"text contrast in a picture: {p}" for p in found["svgText"]]
    said += [f"card edge: {p}" for p in found["edges"]]
    said += [f"card too small to tap: {p}" for p in found["cards"]]
    said += [f"target too small: {p}" for p in found["small"]]
    return said
