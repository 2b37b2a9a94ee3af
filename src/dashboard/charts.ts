import { html, type Html } from './html.js';
import type { Translator } from './texts.js';

/** One bar: its label (a day, an outcome), its value to scale, and the value as the table says it. */
export interface Bar {
  label: string;
  value: number;
  text: string;
}

const BAR = 20;
const HEIGHT = 100;
/** A bar of any value above zero stays visible next to the highest (4 of 319 is not a flat line). */
const SMALLEST = 3;

const heightOf = (value: number, highest: number) => (value <= 0 ? 0 : Math.max(SMALLEST, Math.round((value / highest) * HEIGHT)));

/** The figures behind a chart, a table to read or to copy. */
function figures(t: Translator, caption: string, heading: string, bars: Bar[]): Html {
  return html`<details><summary>${t.t('chartFigures')}<span class="visually-hidden">: ${caption}</span></summary>
<table class="list compact"><caption class="visually-hidden">${caption}</caption><thead><tr><th scope="col">${heading}</th><th scope="col" class="num">${caption}</th></tr></thead>
<tbody>${bars.map((bar) => html`<tr><td data-label="${heading}">${bar.label}</td><td data-label="${caption}" class="num">${bar.text}</td></tr>`)}</tbody></table></details>`;
}

/**
 * Bars over time as SVG drawn here (no script): an image whose title and description say what it
 * shows and its highest value; the first and last day under it, and every figure in a table.
 */
export function timeChart(t: Translator, id: string, title: string, bars: Bar[], highestText: string): Html {
  const highest = Math.max(0, ...bars.map((bar) => bar.value));
  return html`<figure class="chart-figure"><figcaption id="${id}-title">${title}</figcaption>
<svg class="chart" viewBox="0 0 ${bars.length * BAR} ${HEIGHT + 1}" preserveAspectRatio="none" role="img" aria-labelledby="${id}-title ${id}-desc">
<desc id="${id}-desc">${t.t('chartDescription', { first: bars[0]?.label ?? '', last: bars.at(-1)?.label ?? '', highest: highestText })}</desc>
${bars.map((bar, index) => {
  const size = heightOf(bar.value, highest);
  return size > 0 ? html`<rect class="bar" x="${index * BAR + 3}" y="${HEIGHT - size}" width="${BAR - 6}" height="${size}"></rect>` : '';
})}
<line class="axis" x1="0" x2="${bars.length * BAR}" y1="${HEIGHT + 0.5}" y2="${HEIGHT + 0.5}"></line>
</svg>
<p class="chart-range" aria-hidden="true"><span>${bars[0]?.label}</span><span>${bars.at(-1)?.label}</span></p>
${figures(t, title, t.t('day'), bars)}</figure>`;
}

/** Categories (how payments failed) as horizontal bars, each labelled with its name and count. */
export function categoryChart(t: Translator, id: string, title: string, bars: Bar[]): Html {
  const highest = Math.max(0, ...bars.map((bar) => bar.value));
  const row = 28;
  return html`<figure class="chart-figure"><figcaption id="${id}-title">${title}</figcaption>
<svg class="category-chart" viewBox="0 0 300 ${bars.length * row}" role="img" aria-labelledby="${id}-title ${id}-desc">
<desc id="${id}-desc">${bars.map((bar) => `${bar.label}: ${bar.text}`).join('; ')}</desc>
${bars.map((bar, index) => html`<text class="bar-label" x="0" y="${index * row + 18}">${bar.label}</text>
<rect class="bar" x="150" y="${index * row + 6}" width="${Math.max(2, Math.round((bar.value / Math.max(1, highest)) * 110))}" height="16"></rect>
<text class="bar-value" x="${156 + Math.max(2, Math.round((bar.value / Math.max(1, highest)) * 110))}" y="${index * row + 18}">${bar.text}</text>`)}
</svg>
${figures(t, title, t.t('outcome'), bars)}</figure>`;
}

/** A figure beside the previous period's: "Previous 14 days: 20 (+10%)". */
export function comparison(t: Translator, days: number, current: number | null, previous: number | null, text: string): Html {
  const change = current !== null && previous !== null && previous !== 0 ? (current - previous) / previous : null;
  const percent = change === null ? '' : ` (${new Intl.NumberFormat(t.language, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 0 }).format(change)})`;
  return html`<p class="hint comparison">${t.t('previousPeriod', { days: String(days), value: text })}${percent}</p>`;
}
