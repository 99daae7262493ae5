import { describe, expect, it } from '@jest/globals';
import { ReadHorizon } from './read-horizon';

describe('what a page may have missed between reading and listening', () => {
  it('asks, on joining, from its oldest read before', () => {
    const horizon = new ReadHorizon();
    expect(horizon.read(40)).toBeNull();
    expect(horizon.read(35)).toBeNull();
    expect(horizon.joined(42)).toBe(35);
  });

  it('asks nothing when every read came after the joining position', () => {
    const horizon = new ReadHorizon();
    horizon.read(42);
    expect(horizon.joined(42)).toBeNull();
    expect(new ReadHorizon().joined(10)).toBeNull();
  });

  it('asks for a read answered after joining that had begun before, once per older position', () => {
    const horizon = new ReadHorizon();
    expect(horizon.joined(50)).toBeNull();
    expect(horizon.read(47)).toBe(47);
    expect(horizon.read(48)).toBeNull();
    expect(horizon.read(45)).toBe(45);
    expect(horizon.read(50)).toBeNull();
  });

  it('keeps reads while the connection is down and asks from them when it joins again', () => {
    const horizon = new ReadHorizon();
    horizon.joined(50);
    horizon.left();
    expect(horizon.read(55)).toBeNull();
    expect(horizon.joined(60)).toBe(55);
    expect(horizon.read(56)).toBeNull();
  });
});
