import type { V16Handler } from '../handler.ts';

// OCPP 1.6 security whitepaper (edition 3), A02/A03: the charger sends a CSR; it is answered Accepted only when it
// will be signed, and the signed certificate goes back in CertificateSigned once that answer has left.
export const signCertificate: V16Handler<'SignCertificate'> = async (params, ctx) => {
  if (!ctx.certificateSigning) return { status: 'Rejected' };
  const answer = await ctx.certificateSigning.signRequest(ctx.charger, params.csr);
  const { deliver } = answer;
  const { command } = ctx;
  if (deliver && command)
    setTimeout(() => {
      deliver(command).catch((error: unknown) =>
        ctx.log.error({ err: error }, 'CertificateSigned answer not recorded'),
      );
    }, 0);
  return { status: answer.status };
};
