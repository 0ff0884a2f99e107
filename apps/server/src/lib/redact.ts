/** Masks the parts of a request URL that carry secrets (reset tokens, invite codes, feed tokens) before logging. */
export const redactUrl = (url: string): string =>
  url
    .replace(/^(\/api\/users\/[^/?]+\/)[^/?]+/, '$1[redacted]')
    .replace(/^(\/api\/calendar\/)[^/?]+(?=\.ics)/, '$1[redacted]')
    .replace(/([?&](token|inviteLink|state|openid\.sig|openid\.response_nonce)=)[^&]+/g, '$1[redacted]');
