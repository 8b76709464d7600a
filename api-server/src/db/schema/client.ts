import type { Generated } from 'kysely';

/** Tables of the API clients (migration migrations/0012-client.ts). */
export interface ClientTable {
  clientCode: string;
  clientName: string;
  /** RSA or MD5. */
  signType: string;
  /** 1 MD5 sign, 2 RSA sign, 3 MD5 sign + AES, 4 RSA sign + AES. */
  encryptMode: number;
  ipWhitelist: string;
  status: Generated<number>;
  remark: string | null;
  /** Generated keys, AES-GCM encrypted with the server's derived key (security/client-secrets.ts). */
  md5KeyEnc: string | null;
  md5KeyTail: string | null;
  aesKeyEnc: string | null;
  aesKeyTail: string | null;
  /** The client's own RSA public key (PEM), pasted by the operator. */
  rsaPublicKey: string | null;
  secretAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface ClientMerchtTable {
  id: Generated<number>;
  clientCode: string;
  merchtId: number;
  /** 0 unprocessed, 1 refused, 2 partial (apiCodes), 3 full. */
  authorization: number;
  /** JSON array of business API codes. */
  apiCodes: Generated<string>;
  remark: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface ClientMerchtEntTable extends ClientMerchtTable {
  entId: number;
}

/** The first answer to a client's request number; a repeated number gets it again. */
export interface OpenRequestTable {
  id: Generated<number>;
  clientCode: string;
  reqNo: string;
  apiCode: number;
  /** The answer's JSON as sent. */
  answer: string;
  createdAt: number;
}

export interface ClientTables {
  client: ClientTable;
  client_mercht: ClientMerchtTable;
  client_mercht_ent: ClientMerchtEntTable;
  open_request: OpenRequestTable;
}
