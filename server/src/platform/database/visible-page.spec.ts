import { describe, expect, it } from '@jest/globals';
import { pageFound, pageRows } from './visible-page.js';

describe('a page read with its object’s visibility', () => {
  it('gives the rows found, without the total and the visibility they each carried', () => {
    const found = pageFound<{ id: string; text: string }>([
      { id: 'a', text: 'first', total_count: 7, visible: true },
      { id: 'b', text: 'second', total_count: 7, visible: true },
    ]);
    expect(found).toEqual({
      rows: [
        { id: 'a', text: 'first' },
        { id: 'b', text: 'second' },
      ],
      count: 7,
      visible: true,
    });
  });

  it('tells an empty page of a visible object from an object the caller may not see', () => {
    const empty = { id: null, text: null, total_count: 0 };
    expect(pageFound([{ ...empty, visible: true }])).toEqual({ rows: [], count: 0, visible: true });
    expect(pageFound([{ ...empty, visible: false }])).toEqual({ rows: [], count: 0, visible: false });
  });

  it('keeps the total of the whole list when the page asked for lies past its end', () => {
    expect(pageFound([{ id: null, total_count: 12, visible: true }])).toEqual({
      rows: [],
      count: 12,
      visible: true,
    });
  });

  it('reads a page without a visibility the same way: its rows, and the total even when it is empty', () => {
    expect(
      pageRows([
        { id: 'a', total_count: 2 },
        { id: 'b', total_count: 2 },
      ]),
    ).toEqual({
      rows: [{ id: 'a' }, { id: 'b' }],
      count: 2,
    });
    expect(pageRows([{ id: null, total_count: 5 }])).toEqual({ rows: [], count: 5 });
    expect(pageRows([])).toEqual({ rows: [], count: 0 });
  });
});
