/** EIP-3009's typed data for `transferWithAuthorization`, as a buyer signs it for USDC (and our TestUSDC): the facilitator's own. */
export { transferWithAuthorizationTypes } from '../../src/modules/acp/x402/payment-payloads';
