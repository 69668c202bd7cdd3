/** The receipt verification on the shared pool (src/ops/pool.ts, sent by receipt.ts for large inputs): canonicalisation, hash and signature off the event loop. */
import { verifyReceipt, type ReceiptVerification } from '../../engines/receipt-verify.js';

export const verify = (task: Parameters<typeof verifyReceipt>[0]): ReceiptVerification => verifyReceipt(task);
