/** What a messaging-app provider does for the QR sign-in (the real one, or the demo: wechat-demo.ts). */
export interface WechatScan {
  openId: string;
  state: string;
}

export interface WechatProvider {
  /** Where the QR code points; the provider redirects to /checkPage?code=…&state=… once confirmed. */
  authorizeUrl(state: string): string;
  /** The identity behind a one-time code. consume=false leaves the code usable (pre-login check). */
  exchange(code: string, consume: boolean): Promise<WechatScan | undefined>;
}
