import { describe, expect, it } from '@jest/globals';
import { neutraliseFormula, toCsv } from './csv.js';

describe('CSV cells', () => {
  it.each(['=', '+', '-', '@', '\t', '\r'])('a cell starting with %j is written as text', (start) => {
    expect(neutraliseFormula(`${start}HYPERLINK("http://x.io","y")`)).toBe(
      `'${start}HYPERLINK("http://x.io","y")`,
    );
  });

  it('leaves every other cell as it is', () => {
    for (const cell of ['Olivia Tremblay', '{"status":"funded"}', 'a=b', '', "'quoted"]) {
      expect(neutraliseFormula(cell)).toBe(cell);
    }
  });

  it('writes the header, then each row with formulas neutralised and quoting kept', () => {
    expect(
      toCsv(
        ['name', 'note'],
        [
          ['=1+2', 'says "hi", then leaves'],
          ['Zoe', '@SUM(A1)'],
        ],
      ),
    ).toBe(`name,note\n'=1+2,"says ""hi"", then leaves"\nZoe,'@SUM(A1)\n`);
  });
});
