// GitHub Actions' expressions, evaluated as the runner does for the forms the workflows use, so a test can ask which
// jobs run for an event rather than compare the text of their `if:`: string, boolean and number literals, contexts
// (`needs.test.result`), `==`, `!=`, `!`, `&&`, `||`, parentheses and the status functions. Strings compare
// ignoring case, as the runner does. https://docs.github.com/en/actions/reference/workflows-and-actions/expressions
export type Context = Record<string, unknown>;

/** What the status functions answer for the job being decided. */
export interface Status {
  success: boolean;
  failure: boolean;
  cancelled: boolean;
}

const TOKEN = /\s*(\|\||&&|==|!=|!|\(|\)|'(?:[^']|'')*'|[A-Za-z_][\w.-]*(?:\(\))?|\d+(?:\.\d+)?)/y;
const STATUS_FUNCTION = /\b(success|failure|cancelled|always)\(\)/;

function tokens(expression: string): string[] {
  const found: string[] = [];
  const text = expression.trimEnd();
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) throw new Error(`cannot read the expression at ${text.slice(at)}`);
    found.push(match[1]!);
  }
  return found;
}

const truthy = (value: unknown) =>
  value !== false && value !== 0 && value !== '' && value !== null && value !== undefined && !Number.isNaN(value);
const equal = (a: unknown, b: unknown) => String(a ?? '').toLowerCase() === String(b ?? '').toLowerCase();

/** The value of `expression` (with or without `${{ }}`) in `context`. */
export function evaluate(expression: string, context: Context, status: Status): unknown {
  const list = tokens(expression.trim().replace(/^\$\{\{([\s\S]*)\}\}$/, '$1'));
  let i = 0;
  const primary = (): unknown => {
    const token = list[i++];
    if (token === undefined) throw new Error(`the expression ${expression} ends too soon`);
    if (token === '!') return !truthy(primary());
    if (token === '(') {
      const value = or();
      if (list[i++] !== ')') throw new Error(`unclosed ( in ${expression}`);
      return value;
    }
    if (token.startsWith("'")) return token.slice(1, -1).replaceAll("''", "'");
    if (/^\d/.test(token)) return Number(token);
    if (token === 'true' || token === 'false') return token === 'true';
    if (token === 'always()') return true;
    if (token.endsWith('()')) return status[token.slice(0, -2) as keyof Status];
    return token
      .split('.')
      .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], context);
  };
  const comparison = (): unknown => {
    const left = primary();
    if (list[i] !== '==' && list[i] !== '!=') return left;
    const negate = list[i++] === '!=';
    return equal(left, primary()) !== negate;
  };
  const and = (): unknown => {
    let value = comparison();
    while (list[i] === '&&') {
      i++;
      const right = comparison();
      value = truthy(value) ? right : value;
    }
    return value;
  };
  const or = (): unknown => {
    let value = and();
    while (list[i] === '||') {
      i++;
      const right = and();
      value = truthy(value) ? value : right;
    }
    return value;
  };
  const value = or();
  if (i !== list.length) throw new Error(`cannot read the expression at ${list.slice(i).join(' ')}`);
  return value;
}

/**
 * Whether a job (or step) with this `if:` runs: without a status function the runner reads it as
 * `success() && (if)`, so a job whose needs did not all succeed is skipped unless its `if:` says otherwise.
 */
export function runs(condition: string | undefined, context: Context, status: Status): boolean {
  const expression = condition ?? 'success()';
  const value = evaluate(expression, context, status);
  return truthy(value) && (STATUS_FUNCTION.test(expression) || status.success);
}
