/** Joins the class names that apply, skipping the ones switched off. */
export const classNames = (...names: Array<string | false | null | undefined>): string =>
  names.filter(Boolean).join(' ');
