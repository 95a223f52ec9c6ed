import { describe, expect, it } from 'vitest';
import { productCodeTakenMessage, sessionMissingMessage } from '@plugboard/contract';
import { preciseMessages } from './failure-message';

describe('the precise messages the console translates', () => {
  it("are the contract's texts, as the server sends them", () => {
    expect(Object.keys(preciseMessages).sort()).toEqual(
      [productCodeTakenMessage, sessionMissingMessage].sort(),
    );
  });
});
