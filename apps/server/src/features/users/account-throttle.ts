import { addressKey } from '../throttle/address-key';
import type { Throttle } from '../throttle/throttle.service';
import type { UsersLimits } from './users.service';

/** How long an address the owner logged in from keeps its own quota while the account is under attack. */
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The login and reset throttles: they bound guessing, but nobody can lock the owner out.
 * "Address" below is an IPv4 address or an IPv6 /64 (see addressKey). Attempts are counted
 * before the password is checked, so parallel attempts cannot slip past a count.
 *
 * Login (and the current password a password change asks for, counted as a login to that account,
 * so guesses through either share one budget):
 * - per address, whatever the account (`loginPerIp`): refuses only that address.
 * - per (account, address) (`loginPerAccountAddress`): refuses that address for that account,
 *   even with the right password (else the answer would tell a guesser which guess was right),
 *   and nobody else.
 * - per account, all addresses together (`loginPerAccount`): reaching it locks nobody out. Until
 *   the window ends, an address with a failed (or unfinished) attempt on the account is refused,
 *   so every other address gets at most one guess; and only `loginNewAddressesPerAccount` such
 *   addresses get that check. Addresses the owner logged in from in the last 30 days keep their
 *   own per-(account, address) quota throughout.
 *
 * Bound: in one window, at most `loginPerAccount.max + loginNewAddressesPerAccount.max` passwords
 * are checked for an account from addresses it was never logged into from, however many
 * addresses the guesser has (10 + 20 per 15 minutes by default), plus `loginPerAccountAddress.max`
 * from each address the owner did log in from. The price: once more than
 * `loginNewAddressesPerAccount` addresses have guessed at one account in a window, the owner too
 * is refused at an address they never logged in from (until the window ends), though never at
 * one they did. A success takes back its hits, clears its (account, address) count and
 * remembers the address.
 *
 * Reset requests: per address (`resetPerIp`); per (email, address) (`resetPerAccountAddress`),
 * the owner's own quota that nobody else can use up; per email (`resetPerAccount`), which bounds
 * the mails others can send to one inbox. Past that, an address that already asked in this window
 * is refused unless the owner logged in from it, and any other address still gets its first
 * request through: the owner can always get a link, and the mails to one inbox per window stay
 * within the budget plus one per asking address.
 */
export function createAccountThrottle(throttle: Throttle, limits: UsersLimits) {
  const knownAddress = (email: string, address: string) => `login:known:${email}|${address}`;
  const isKnownAddress = async (email: string, address: string) => (await throttle.peek(knownAddress(email, address))) !== undefined;

  return {
    /**
     * Counts a login attempt (or a password change's check of the current password) before the
     * password is checked, or refuses it; returns what to call when the password was right.
     */
    async beforePasswordCheck(email: string, ip: string): Promise<{ succeeded(): Promise<void> }> {
      const address = addressKey(ip);
      const keys = {
        address: `login:ip:${address}`,
        pair: `login:pair:${email}|${address}`,
        account: `login:account:${email}`,
        newAddresses: `login:new-addresses:${email}`,
      };
      await throttle.consume(keys.address, limits.loginPerIp);
      const pair = await throttle.consume(keys.pair, limits.loginPerAccountAddress);
      const account = await throttle.hit(keys.account, limits.loginPerAccount);
      if (account.count > limits.loginPerAccount.max && !(await isKnownAddress(email, address))) {
        if (pair.count > 1) throw throttle.refusal([pair, account]);
        const newAddresses = await throttle.hit(keys.newAddresses, limits.loginNewAddressesPerAccount);
        if (newAddresses.count > limits.loginNewAddressesPerAccount.max) throw throttle.refusal([newAddresses, account]);
      }
      return {
        async succeeded() {
          await throttle.refund(keys.address);
          await throttle.refund(keys.account);
          await throttle.reset(keys.pair);
          await throttle.hit(knownAddress(email, address), { max: Number.POSITIVE_INFINITY, windowMs: KNOWN_ADDRESS_MS });
        },
      };
    },

    /** Counts a password reset request, or refuses it. */
    async beforeResetRequest(email: string, ip: string): Promise<void> {
      const address = addressKey(ip);
      await throttle.consume(`reset:ip:${address}`, limits.resetPerIp);
      const pair = await throttle.consume(`reset:pair:${email}|${address}`, limits.resetPerAccountAddress);
      const account = await throttle.hit(`reset:account:${email}`, limits.resetPerAccount);
      if (account.count > limits.resetPerAccount.max && pair.count > 1 && !(await isKnownAddress(email, address))) {
        throw throttle.refusal([pair, account]);
      }
    },
  };
}
