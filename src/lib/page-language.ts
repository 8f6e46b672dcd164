import { useCallback } from 'react';
import { type NavigateOptions, useLocation, useNavigate } from 'react-router';
import { toSupportedLanguage } from '../../common/languages.ts';

/**
 * `to` (a page of the web view) with the current page's `?lang`, unless `to` names its own: the language the app
 * asked for is in the address, so a reload, or the app recreating the web view, finds it on every page the user
 * reaches by a link or a redirect (issue 28). An address without `lang` (the phone's languages chose it) and
 * anything that is not a page of this origin are left as they are.
 */
export function keepPageLanguage(to: string, currentSearch: string): string {
  const language = toSupportedLanguage(new URLSearchParams(currentSearch).get('lang'));
  if (!language || !to.startsWith('/') || to.startsWith('//')) return to;
  const url = new URL(to, 'http://page.invalid');
  if (url.searchParams.has('lang')) return to;
  url.searchParams.set('lang', language);
  return url.pathname + url.search + url.hash;
}

/** `to` in the current page's language: what the kit's `Link` points at. */
export function usePageHref(to: string): string {
  return keepPageLanguage(to, useLocation().search);
}

/** React Router's `navigate` for a page of the web view, keeping the page's language. The one way to redirect. */
export function usePageNavigate(): (to: string, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback((to, options) => void navigate(keepPageLanguage(to, search), options), [navigate, search]);
}
