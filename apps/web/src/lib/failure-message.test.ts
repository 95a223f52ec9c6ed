import { describe, expect, it } from 'vitest';
import {
  closeOnlineMessage,
  productCodeTakenMessage,
  sessionMissingMessage,
  stopRejectedMessage,
} from '@plugboard/contract';
import { preciseMessages } from './failure-message';

describe('the precise messages the console translates', () => {
  it("are the contract's texts, as the server sends them", () => {
    expect(Object.keys(preciseMessages).sort()).toEqual(
      [productCodeTakenMessage, sessionMissingMessage, closeOnlineMessage, stopRejectedMessage].sort(),
    );
  });
});
