import type { ComponentType, SVGProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as icons from './icons';
import { CheckIcon, InstagramIcon, LinkedinIcon, SearchIcon, SortIcon } from './icons';

const OUTLINE_FRAME = '<svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" class="size-5">';

describe('icons', () => {
  const all = Object.entries(icons).filter(([name]) => name !== 'SortIcon') as [string, ComponentType<SVGProps<SVGSVGElement>>][];

  it('are all decorative, out of the tab order and 1.25 rem unless told otherwise', () => {
    expect(all.length).toBeGreaterThan(40);
    for (const [name, Icon] of all) {
      const markup = renderToStaticMarkup(<Icon />);
      expect(markup, name).toMatch(/^<svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" fill="[^"]+"/);
      expect(markup, name).toContain('class="size-5"');
      expect(markup, name).toMatch(/<(path|circle|rect) /);
    }
  });

  it('draw an outline with its shapes in order, as written', () => {
    expect(renderToStaticMarkup(<SearchIcon />)).toBe(`${OUTLINE_FRAME}<circle cx="11" cy="11" r="7"></circle><path d="m20 20-3.5-3.5"></path></svg>`);
    expect(renderToStaticMarkup(<CheckIcon />)).toBe(`${OUTLINE_FRAME}<path d="M20 6 9 17l-5-5"></path></svg>`);
  });

  it('keep a shape’s own attributes (a filled dot inside an outline)', () => {
    expect(renderToStaticMarkup(<InstagramIcon />)).toContain('<circle cx="17.5" cy="6.5" r="0.5" fill="currentColor"></circle>');
  });

  it('fill the solid ones, with no stroke', () => {
    const markup = renderToStaticMarkup(<LinkedinIcon />);
    expect(markup).toMatch(/^<svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" fill="currentColor" class="size-5"><path d="M4.98 3.5/);
    expect(markup).not.toContain('stroke');
  });

  it('take the caller’s class instead of the size, and pass every other prop to the svg', () => {
    const markup = renderToStaticMarkup(<CheckIcon className="size-4 text-brand" data-testid="tick" strokeWidth={3} />);
    expect(markup).toContain('class="size-4 text-brand"');
    expect(markup).not.toContain('size-5');
    expect(markup).toContain('data-testid="tick"');
    expect(markup).toContain('stroke-width="3"');
    expect(markup).not.toContain('stroke-width="1.8"');
  });

  it('a sort icon is 1 rem, one arrow per direction and both when unsorted', () => {
    const frame = OUTLINE_FRAME.replace('size-5', 'size-4');
    expect(renderToStaticMarkup(<SortIcon sort="asc" />)).toBe(`${frame}<path d="m6 15 6-6 6 6"></path></svg>`);
    expect(renderToStaticMarkup(<SortIcon sort="desc" />)).toBe(`${frame}<path d="m6 9 6 6 6-6"></path></svg>`);
    expect(renderToStaticMarkup(<SortIcon sort={null} className="size-4 opacity-40" />)).toBe(
      `${frame.replace('size-4', 'size-4 opacity-40')}<path d="m7 9 5-5 5 5M7 15l5 5 5-5"></path></svg>`,
    );
  });
});
