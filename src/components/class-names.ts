/** Joins the class names that apply: `classNames(styles.card, tone && styles[tone], className)`. */
export function classNames(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
