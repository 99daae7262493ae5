import { describe, expect, it } from '@jest/globals';
import postcss from 'postcss';
import { dropUnusedRules, mantineClassesIn } from './mantine-classes.ts';

function dropped(css: string, used: string[]): string {
  const root = postcss.parse(css);
  dropUnusedRules(root, new Set(used));
  return root.toString().replace(/\s+/g, ' ').trim();
}

describe("Mantine's rules a build keeps", () => {
  it('finds the class names a script names as plain strings', () => {
    expect(mantineClassesIn('var e={root:"m_77c9d27d",inner:"m_80f1301b"};const x="m_nothex1";')).toEqual([
      'm_77c9d27d',
      'm_80f1301b',
    ]);
  });

  it('drops the rules of a component no script draws and keeps those of one it draws', () => {
    const css = '.m_77c9d27d { color: red; } .m_12345678 { color: blue; }';
    expect(dropped(css, ['m_77c9d27d'])).toBe('.m_77c9d27d { color: red; }');
  });

  it('keeps every rule that names no Mantine class: the baseline, the variables, the product', () => {
    const css = ':root { --x: 1px; } body { margin: 0; } [data-mantine-color-scheme] .hw-header { top: 0; }';
    expect(dropped(css, [])).toBe(css);
  });

  it('keeps of a selector list only the selectors every class of which is used', () => {
    const css = '.m_77c9d27d, .m_77c9d27d .m_12345678, .other { color: red; }';
    expect(dropped(css, ['m_77c9d27d'])).toBe('.m_77c9d27d, .other { color: red; }');
  });

  it('drops a media query left empty', () => {
    const css = '@media (min-width: 48em) { .m_12345678 { color: blue; } } .a { color: red; }';
    expect(dropped(css, [])).toBe('.a { color: red; }');
  });
});
