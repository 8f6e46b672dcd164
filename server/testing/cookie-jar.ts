import { CookieJar } from 'tough-cookie';

/**
 * A browser's cookies for walks through the web login over real HTTP (Node's fetch keeps none): each cookie goes
 * back only to the hosts and paths a browser would send it to, across ports as a browser does. `inject` tests
 * keep theirs in oauth-test-client.ts.
 */
export class FetchCookieJar {
  private readonly jar = new CookieJar();

  /** Keeps what a response sets, as set by the URL it answered (no redirect followed: the one asked). */
  async keep(response: Response): Promise<void> {
    for (const cookie of response.headers.getSetCookie()) await this.jar.setCookie(cookie, response.url);
  }

  /** The Cookie header a browser sends with a request to `url`. */
  header(url: string | URL): Promise<string> {
    return this.jar.getCookieString(String(url));
  }
}
