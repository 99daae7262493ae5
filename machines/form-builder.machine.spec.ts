import { describe, expect, it } from '@jest/globals';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { FormField } from './documents.js';
import {
  CAPTION_REQUIRED,
  EXAMPLE_NOT_A_LINK,
  fieldNameBase,
  fieldsPayload,
  parseFieldErrorPath,
  uniqueFieldName,
  validateField,
  validateFields,
} from './form-builder.js';
import { formBuilderMachine, type FormBuilderEmitted } from './form-builder.machine.js';

const field = (name: string, caption: string, disabled = false): FormField => ({
  type: 'file',
  name,
  caption,
  disabled,
  tutorial: { description: '', example: '' },
});

/** A random source that walks through fixed values, so suffixes are predictable. */
function sequence(...values: number[]) {
  let i = 0;
  return () => values[i++ % values.length];
}

describe('form field names', () => {
  it('adds a four-character suffix to a clean base', () => {
    expect(uniqueFieldName('pay_stubs', [], sequence(0.25, 0.94, 0.5625, 0.625))).toBe('pay_stubs-4f9a');
    expect(fieldNameBase('Pay stubs (2 most recent)')).toBe('Pay_stubs_2_most_recent');
    expect(fieldNameBase('pay_stubs-4f9a')).toBe('pay_stubs');
    expect(fieldNameBase('  ***  ')).toBe('custom');
    expect(fieldNameBase('x'.repeat(200))).toHaveLength(75);
  });

  it('never repeats a name already taken', () => {
    const random = sequence(0);
    expect(uniqueFieldName('noa', ['noa-0000'], sequence(0, 0, 0, 0, 0.1, 0.1, 0.1, 0.1))).toBe('noa-1111');
    const name = uniqueFieldName('noa', ['noa-0000'], random);
    expect(name).not.toBe('noa-0000');
    expect(name).toMatch(/^[A-Za-z0-9_-]{1,80}$/);
  });
});

describe('form field rules', () => {
  it('requires a caption that is not blank once trimmed', () => {
    expect(validateField(field('a-0000', '   ')).caption).toBe(CAPTION_REQUIRED);
    expect(validateField(field('a-0000', ' Pay stubs '))).toEqual({});
  });

  it('takes only a web address as the example link', () => {
    const withExample = (example: string) => ({
      ...field('a-0000', 'ID'),
      tutorial: { description: '', example },
    });
    expect(validateField(withExample('example.com/id')).example).toBe(EXAMPLE_NOT_A_LINK);
    expect(validateField(withExample('https://example.com/id.pdf')).example).toBeUndefined();
  });

  it('reports names used twice and names with other characters', () => {
    const errors = validateFields([field('a', 'A'), field('a', 'B'), field('b c', 'C')]);
    expect(Object.keys(errors)).toEqual(['a', 'b c']);
  });

  it('trims what it sends and reads the server error paths', () => {
    expect(
      fieldsPayload([{ ...field('a', '  A  '), tutorial: { description: ' d ', example: '' } }]),
    ).toEqual([{ ...field('a', 'A'), tutorial: { description: 'd', example: '' } }]);
    expect(parseFieldErrorPath('fields.3.caption')).toEqual({ index: 3, key: 'caption' });
    expect(parseFieldErrorPath('customer_id')).toBeNull();
  });
});

function start(options: { fields?: FormField[]; failSave?: boolean; random?: () => number } = {}) {
  const saved: FormField[][] = [];
  const machine = formBuilderMachine.provide({
    actors: {
      saveForm: fromPromise<unknown, { fields: FormField[] }>(async ({ input }) => {
        if (options.failSave) throw new Error('offline');
        saved.push(input.fields);
        return { code: 'abc' };
      }),
      resetForm: fromPromise<unknown, void>(async () => ({ code: 'next' })),
    },
  });
  const actor = createActor(machine, {
    input: { fields: options.fields, random: options.random ?? sequence(0.5) },
  });
  const emitted: FormBuilderEmitted[] = [];
  actor.on('*', (event) => emitted.push(event as FormBuilderEmitted));
  actor.start();
  const context = () => actor.getSnapshot().context;
  return { actor, emitted, saved, context };
}

describe('the form builder', () => {
  it('is unchanged after loading, and changed by adding, editing, removing and moving fields', () => {
    const { actor, context } = start();
    actor.send({ type: 'LOAD', fields: [field('government_id', 'Photo ID')] });
    expect(context().changed).toBe(false);
    expect(actor.getSnapshot().can({ type: 'SAVE' })).toBe(false);

    actor.send({ type: 'ADD_CUSTOM' });
    expect(context().fields[1]).toEqual(field('custom-8888', ''));
    expect(context().changed).toBe(true);
    expect(context().lastAdded).toBe('custom-8888');
    // A custom field without a caption keeps the form from being saved.
    expect(actor.getSnapshot().can({ type: 'SAVE' })).toBe(false);
    actor.send({ type: 'UPDATE', name: 'custom-8888', changes: { caption: 'Void cheque', example: '' } });
    expect(actor.getSnapshot().can({ type: 'SAVE' })).toBe(true);

    actor.send({ type: 'LOAD', fields: context().fields });
    actor.send({ type: 'MOVE', name: 'custom-8888', by: -1 });
    expect(context().fields.map((f) => f.name)).toEqual(['custom-8888', 'government_id']);
    expect(context().changed).toBe(true);

    actor.send({ type: 'LOAD', fields: context().fields });
    actor.send({ type: 'REMOVE', name: 'government_id' });
    expect(context().fields.map((f) => f.name)).toEqual(['custom-8888']);
    expect(context().changed).toBe(true);

    actor.send({ type: 'LOAD', fields: context().fields });
    actor.send({ type: 'UPDATE', name: 'custom-8888', changes: { disabled: true } });
    expect(context().fields[0].disabled).toBe(true);
    expect(context().changed).toBe(true);
  });

  it('adds template fields with names of their own, even the same field twice', () => {
    const { actor, context } = start({ random: sequence(0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.1) });
    const template = [field('pay_stubs', 'Two recent pay stubs', true), field('noa', 'NOA')];
    actor.send({ type: 'ADD_TEMPLATE', fields: template });
    actor.send({ type: 'ADD_TEMPLATE_FIELD', field: template[0] });
    const names = context().fields.map((f) => f.name);
    expect(names[0]).toBe('pay_stubs-8888');
    expect(names[1]).toBe('noa-8888');
    expect(names[2]).toMatch(/^pay_stubs-[0-9a-f]{4}$/);
    expect(new Set(names).size).toBe(3);
    // A template's field arrives enabled, with its caption and tutorial.
    expect(context().fields[0]).toMatchObject({ caption: 'Two recent pay stubs', disabled: false });
  });

  it('saves trimmed fields, then is unchanged', async () => {
    const { actor, context, saved, emitted } = start({ fields: [field('a-0000', 'A')] });
    actor.send({ type: 'UPDATE', name: 'a-0000', changes: { caption: '  Bank statement  ' } });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    // Nothing is saved twice while a save is running.
    expect(actor.getSnapshot().can({ type: 'SAVE' })).toBe(false);
    await waitFor(actor, (s) => s.matches('editing'));
    expect(saved).toEqual([[field('a-0000', 'Bank statement')]]);
    expect(context().changed).toBe(false);
    expect(context().fields[0].caption).toBe('Bank statement');
    expect(emitted.map((e) => e.type)).toEqual(['saved']);
  });

  it('keeps the changes when saving fails', async () => {
    const { actor, context, emitted } = start({ fields: [field('a-0000', 'A')], failSave: true });
    actor.send({ type: 'UPDATE', name: 'a-0000', changes: { caption: 'B' } });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(context().changed).toBe(true);
    expect(emitted.map((e) => e.type)).toEqual(['saveFailed']);
  });

  it('resets through the provided call and is unchanged afterwards', async () => {
    const { actor, context, emitted } = start({ fields: [field('a-0000', 'A')] });
    actor.send({ type: 'UPDATE', name: 'a-0000', changes: { caption: 'B' } });
    actor.send({ type: 'RESET' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(context().changed).toBe(false);
    expect(emitted).toEqual([{ type: 'reset', result: { code: 'next' } }]);
  });
});
