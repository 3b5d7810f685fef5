export declare const PEER_ADDRESS_HEADER: "x-docscan-peer-address";
export declare function v1PathProblem(rawPath: string): { status: number; body: string } | null;
export declare function v1PathGuard(req: Request): Response | null;
export declare function problemHeaders(): Record<string, string>;
export declare function setsPeerAddressHeader(): void;
export declare function peerAddressHeaderIsSet(): boolean;
