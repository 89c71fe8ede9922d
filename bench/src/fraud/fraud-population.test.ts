import { describe, expect, it } from 'vitest';
import { ATTACKS, fraudPopulation } from './fraud-population';

const population = fraudPopulation({ seed: 19, organic: 200, perAttack: 20 });

describe('fraudPopulation', () => {
  it('holds the organic claimants and every attack asked for, each a class member of its own', () => {
    expect(population.filter((claimant) => claimant.kind === 'organic')).toHaveLength(200);
    for (const kind of ATTACKS) {
      expect(population.filter((claimant) => claimant.kind === kind)).toHaveLength(20);
    }
    const members = population.map((claimant) => claimant.member);
    expect(new Set(members).size).toBe(members.length);
  });

  it('gives organic claimants a person’s pace and never the hidden field', () => {
    for (const claimant of population.filter((c) => c.kind === 'organic')) {
      expect(claimant.fillSeconds).toBeGreaterThanOrEqual(180);
      expect(claimant.honeypot).toBe(false);
    }
  });

  it('files the one-address attack from a single address', () => {
    const addresses = population.filter((c) => c.kind === 'one-address').map((c) => c.ip);
    expect(new Set(addresses).size).toBe(1);
  });

  it('is the same population for the same seed', () => {
    expect(fraudPopulation({ seed: 19, organic: 200, perAttack: 20 })).toEqual(population);
  });
});
