import type { BingoClaim } from '@smm/shared/runescape/bingo-schemas';
import { useProofImage } from '../api/bingos';

/** A claim's screenshot, loaded with the session (the proof is only for the claim's team and the moderators). */
export function ProofImage({ claim }: { claim: BingoClaim }) {
  const proof = useProofImage(claim.proofUrl);
  const alt = `Proof for ${claim.tileTitle} by ${claim.teamName}`;
  if (proof.error) return <p className="small text-danger mb-0">The screenshot could not be loaded.</p>;
  if (!proof.url)
    return (
      <div
        className="bg-body-secondary rounded small text-body-secondary d-flex align-items-center justify-content-center"
        style={{ width: '100%', maxWidth: '20rem', aspectRatio: `${claim.proofWidth} / ${claim.proofHeight}` }}
      >
        Loading screenshot…
      </div>
    );
  return (
    <img
      src={proof.url}
      alt={alt}
      width={claim.proofWidth}
      height={claim.proofHeight}
      className="img-fluid rounded border d-block"
      style={{ maxWidth: 'min(100%, 20rem)', maxHeight: '15rem', objectFit: 'contain', width: 'auto', height: 'auto' }}
    />
  );
}
