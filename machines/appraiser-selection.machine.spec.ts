import { describe, expect, it } from '@jest/globals';
import { createActor, fromPromise, waitFor } from 'xstate';
import { appraiserSelectionMachine, NO_APPRAISERS_SELECTED } from './appraiser-selection.machine.js';

describe('appraiser selection and quote request', () => {
  it('refuses to review a quote request with nothing selected', () => {
    const actor = createActor(appraiserSelectionMachine, { input: {} }).start();
    actor.send({ type: 'REVIEW' });
    expect(actor.getSnapshot().matches('selecting')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(NO_APPRAISERS_SELECTED);
  });

  it('selects all, toggles one off, reviews, sends and clears the selection', async () => {
    const sent: string[][] = [];
    const machine = appraiserSelectionMachine.provide({
      actors: {
        sendQuoteRequest: fromPromise<void, { appraiserIds: string[] }>(async ({ input }) => {
          sent.push(input.appraiserIds);
        }),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'SELECT_ALL', ids: ['a', 'b', 'c'] });
    actor.send({ type: 'TOGGLE', id: 'b' });
    actor.send({ type: 'REVIEW' });
    expect(actor.getSnapshot().matches('reviewing')).toBe(true);
    actor.send({ type: 'SEND' });
    await waitFor(actor, (s) => s.matches('sent'));
    expect(sent).toEqual([['a', 'c']]);
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });

  it('keeps the selection and says why when sending fails', async () => {
    const machine = appraiserSelectionMachine.provide({
      actors: {
        sendQuoteRequest: fromPromise(async () =>
          Promise.reject(new Error('Error while requesting a quote')),
        ),
      },
    });
    const actor = createActor(machine, { input: { selected: ['a'] } }).start();
    actor.send({ type: 'REVIEW' });
    actor.send({ type: 'SEND' });
    await waitFor(actor, (s) => s.matches('reviewing') && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({
      selected: ['a'],
      error: 'Error while requesting a quote',
    });
  });

  it('a second select-all unselects the listed appraisers', () => {
    const actor = createActor(appraiserSelectionMachine, { input: { selected: ['x'] } }).start();
    actor.send({ type: 'SELECT_ALL', ids: ['a', 'b'] });
    actor.send({ type: 'SELECT_ALL', ids: ['a', 'b'] });
    expect(actor.getSnapshot().context.selected).toEqual(['x']);
  });
});
