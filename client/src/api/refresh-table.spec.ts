import { describe, expect, it } from '@jest/globals';
import { customerKeys, documentKeys, ownProfileKey, pipelineKeys } from './query-keys';
import { REFRESH_TABLE, refreshKeysOf } from './refresh-table';
import { testPush as push } from './test-push';

/** The part of node the scan uses; the client's compiler options describe the browser only. */
interface Node {
  cwd(): string;
  getBuiltinModule(name: 'node:fs'): {
    readdirSync(dir: string, options: { recursive: true }): string[];
    readFileSync(path: string, encoding: 'utf8'): string;
  };
}
const node = (globalThis as unknown as { process: Node }).process;
const { readdirSync, readFileSync } = node.getBuiltinModule('node:fs');

const SERVER_SOURCES = `${node.cwd()}/server/src`;

function sourceFiles(): string[] {
  return readdirSync(SERVER_SOURCES, { recursive: true })
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.spec.ts'))
    .map((path) => `${SERVER_SOURCES}/${path}`);
}

/** Every event type the server declares: the quoted 'stream.happening' names of the files declaring events. */
function serverEventTypes(): string[] {
  const types = new Set<string>();
  for (const file of sourceFiles()) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('NewEvent<')) continue;
    for (const [, type] of text.matchAll(/'([a-z_]+\.[a-z_]+)'/g)) types.add(type);
  }
  return [...types].sort();
}

describe('the refresh table', () => {
  it('names every event type the server writes', () => {
    const types = serverEventTypes();
    // The scan itself works: it finds the kinds of events there are.
    expect(types).toEqual(
      expect.arrayContaining(['customer.created', 'form_file.status_changed', 'note.added']),
    );
    expect(types.filter((type) => !Object.hasOwn(REFRESH_TABLE, type))).toEqual([]);
  });

  it("refreshes a file status change's histories and counters, not the forms' fields", () => {
    const keys = refreshKeysOf(push('form_file.status_changed'));
    expect(keys).toEqual(
      expect.arrayContaining([
        documentKeys.histories('c-1'),
        customerKeys.detail('c-1'),
        customerKeys.lists(),
        ownProfileKey,
      ]),
    );
    expect(keys).not.toContainEqual(documentKeys.customer('c-1'));
    expect(refreshKeysOf(push('form_file.thumbnail_created'))).toEqual([documentKeys.histories('c-1')]);
  });

  it("refreshes the pipeline's broker names when a staff member's name changes", () => {
    const renamed = push('user.profile_updated', {
      stream_type: 'user',
      stream_id: 'u-1',
      customer_id: null,
    });
    expect(refreshKeysOf(renamed)).toContainEqual(pipelineKeys.all);
  });

  it('refreshes nothing for events no page shows', () => {
    expect(refreshKeysOf(push('session.rotated', { customer_id: null }))).toEqual([]);
    expect(refreshKeysOf(push('comment.thumbnail_created'))).toEqual([]);
  });
});
