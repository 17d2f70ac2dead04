// The catalogue's templates filled in on the page, as kamplib.i18n fills them in Python:
// `{name}` takes a value, `{name:one|other}` the plural form for it; numbers are written as
// the learner's language writes them (a decimal comma in bokmål).

const LOCALES = { nb: 'nb-NO', en: 'en-GB' };

/** `value` as the language writes a number, with `digits` decimals (none for a whole one). */
export function numberText(value, lang, digits = Number.isInteger(value) ? 0 : 1) {
  return value.toLocaleString(LOCALES[lang] || 'en-GB', {
    minimumFractionDigits: digits, maximumFractionDigits: digits,
  }).replace('-', '\u2212');
}

const isOne = (value) => Math.abs(Number(value)) === 1;

/** `template` with `params` filled in (a name not given stays as it is). */
export function formatText(template, params = {}, lang = 'nb') {
  return template.replace(/\{(\w+)(?::([^}|]*)\|([^}]*))?\}/g, (all, name, one, other) => {
    if (!(name in params)) return all;
    const value = params[name];
    if (one !== undefined) return isOne(value) ? one : other;
    return typeof value === 'number' ? numberText(value, lang) : String(value);
  });
}
