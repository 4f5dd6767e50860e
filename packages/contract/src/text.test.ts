import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { routes } from './index.ts';
import type { RouteDescriptor } from './http.ts';
import {
  hasControlCharacters,
  hasForbiddenCharacters,
  multiLineText,
  nameText,
  normaliseText,
  secretText,
  singleLineText,
  withoutControlCharacters,
} from './text.ts';

/** The first issue's message, or the parsed value. */
function outcome(schema: z.ZodType, value: unknown): { ok: unknown } | { error: string } {
  const result = schema.safeParse(value);
  return result.success ? { ok: result.data } : { error: result.error.issues[0]?.message ?? '' };
}

const CONTROLS = {
  NUL: '\u0000',
  'U+0001': '\u0001',
  'vertical tab': '\u000b',
  ESC: '\u001b',
  DEL: '\u007f',
  'C1 U+0080': '\u0080',
  'NEL U+0085': '\u0085',
  'CSI U+009B': '\u009b',
  'C1 U+009F': '\u009f',
};

describe('hasForbiddenCharacters (the server-wide guard)', () => {
  it.each(Object.entries(CONTROLS))('refuses %s anywhere in a string', (_name, char) => {
    expect(hasForbiddenCharacters(`a${char}b`)).toBe(true);
    expect(hasForbiddenCharacters(char)).toBe(true);
  });

  it('refuses a lone surrogate, high or low', () => {
    expect(hasForbiddenCharacters('a\ud800')).toBe(true);
    expect(hasForbiddenCharacters('\udc00a')).toBe(true);
  });

  it('lets tab and line breaks through (multi-line text needs them; single-line schemas refuse them)', () => {
    expect(hasForbiddenCharacters('a\tb\nc\r\n')).toBe(false);
  });

  it('lets every printable character through, in any script, emoji pairs included', () => {
    expect(
      hasForbiddenCharacters(
        'Šđčćž ÆØÅ ß Ελλάδα Македонија עברית 中文 \u{1F469}\u200d\u{1F4BB} \u00a0\u00a1',
      ),
    ).toBe(false);
  });
});

describe('hasControlCharacters (queries and path parameters)', () => {
  it.each([
    ...Object.entries(CONTROLS),
    ['tab', '\t'],
    ['LF', '\n'],
    ['CR', '\r'],
    ['U+2028', '\u2028'],
  ])('refuses %s', (_name, char) => {
    expect(hasControlCharacters(`a${char}`)).toBe(true);
  });

  it('lets printable text through', () => {
    expect(hasControlCharacters('Ljubljana \u00e9 \u{1F600}')).toBe(false);
  });
});

describe('singleLineText', () => {
  const schema = singleLineText().min(1).max(5);

  it.each([...Object.entries(CONTROLS), ['tab', '\t'], ['LF', '\n'], ['CR', '\r']])(
    'refuses %s with validation.control_characters',
    (_name, char) => {
      expect(outcome(schema, `a${char}b`)).toEqual({ error: 'validation.control_characters' });
    },
  );

  it('refuses the Unicode line and paragraph separators', () => {
    expect(outcome(schema, 'a\u2028b')).toEqual({ error: 'validation.control_characters' });
    expect(outcome(schema, 'a\u2029b')).toEqual({ error: 'validation.control_characters' });
  });

  it('refuses a lone surrogate with validation.invalid', () => {
    expect(outcome(schema, 'a\ud800')).toEqual({ error: 'validation.invalid' });
  });

  it('normalises to NFC and trims spaces and zero-width characters at both ends', () => {
    expect(outcome(schema, '  Cafe\u0301 ')).toEqual({ ok: 'Caf\u00e9' });
    expect(outcome(schema, '\u200b\ufeffab\u2060\u00a0')).toEqual({ ok: 'ab' });
  });

  it('counts the length of the normalised text', () => {
    // Five letters of which one is decomposed: six code units before NFC, five after.
    expect(outcome(schema, 'Cafe\u0301s')).toEqual({ ok: 'Caf\u00e9s' });
  });

  it('keeps joiners and bidirectional controls inside the text (it is not a name)', () => {
    expect(outcome(singleLineText(), 'a\u200db \u2067x\u2069')).toEqual({
      ok: 'a\u200db \u2067x\u2069',
    });
  });
});

describe('nameText', () => {
  const schema = nameText().min(1).max(100);

  it.each([
    '\u202a',
    '\u202b',
    '\u202c',
    '\u202d',
    '\u202e',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
  ])('refuses the bidirectional control U+%s with validation.bidi_characters', (char) => {
    expect(outcome(schema, `exe.${char}txt`)).toEqual({ error: 'validation.bidi_characters' });
  });

  it('refuses control characters before anything else', () => {
    expect(outcome(schema, '\u202ea\u0000')).toEqual({ error: 'validation.control_characters' });
  });

  it.each(['\u200b', '\u200c\u200d', ' \u2060 ', '\ufeff', '\u200b \u200b', '\u00ad'])(
    'normalises a name of nothing but invisible characters (%j) to empty: too small for min(1)',
    (name) => {
      const result = schema.safeParse(name);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ code: 'too_small', minimum: 1 });
    },
  );

  it('keeps a joiner inside a name (emoji sequences, Indic scripts) and marks such as LRM', () => {
    const name = '\u0915\u094d\u200d\u0937 \u{1F469}\u200d\u{1F4BB} \u200eA';
    expect(outcome(schema, name)).toEqual({ ok: name });
  });

  it('chains like a string schema: optional, nullable, max', () => {
    const optional = nameText().max(3).nullable().optional();
    expect(outcome(optional, null)).toEqual({ ok: null });
    expect(outcome(optional, undefined)).toEqual({ ok: undefined });
    expect(outcome(optional, 'abcd')).toEqual({ error: expect.any(String) as string });
  });
});

describe('multiLineText', () => {
  const schema = multiLineText().max(50);

  it('keeps tab and line feed, turns CR LF and CR into LF', () => {
    expect(outcome(schema, 'a\tb\r\nc\rd\ne')).toEqual({ ok: 'a\tb\nc\nd\ne' });
  });

  it.each([...Object.entries(CONTROLS), ['LINE SEPARATOR', '\u2028']])(
    'refuses %s',
    (_name, char) => {
      expect(outcome(schema, `a\n${char}b`)).toEqual({ error: 'validation.control_characters' });
    },
  );

  it('normalises and trims like single-line text', () => {
    expect(outcome(schema, '\n  Cafe\u0301\n\n')).toEqual({ ok: 'Caf\u00e9' });
  });
});

describe('secretText', () => {
  const schema = secretText().min(1).max(100);

  it('takes the text exactly as typed: no NFC, no trimming', () => {
    const typed = '  Cafe\u0301 \u200b ';
    expect(outcome(schema, typed)).toEqual({ ok: typed });
  });

  it.each([...Object.entries(CONTROLS), ['tab', '\t'], ['LF', '\n'], ['CR', '\r']])(
    'refuses %s with validation.control_characters',
    (_name, char) => {
      expect(outcome(schema, `pass${char}word`)).toEqual({
        error: 'validation.control_characters',
      });
    },
  );
});

describe('normaliseText and withoutControlCharacters', () => {
  it('normaliseText composes and trims', () => {
    expect(normaliseText(' \u200bA\u030a ')).toBe('\u00c5');
  });

  it('withoutControlCharacters drops C0, DEL and C1 and keeps the rest', () => {
    expect(withoutControlCharacters('Mozilla\u0000/5.0\u001b[31m\u009b\u007f é')).toBe(
      'Mozilla/5.0[31m é',
    );
  });
});

// The rule "every string the API takes refuses control characters" is checked for each field of each route, so a
// new field written as a plain z.string() fails here (the server's guard would still keep NUL out, but tab and
// line breaks would slip into single-line text).

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Every string schema reachable in a request part, with its path. */
function stringLeaves(schema: z.ZodType, path: string): [string, z.ZodType][] {
  const def = defOf(schema);
  const child = (key: string) => def[key] as z.ZodType;
  switch (def.type) {
    case 'string':
      return [[path, schema]];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, value]) =>
        stringLeaves(value, `${path}.${key}`),
      );
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return stringLeaves(child('innerType'), path);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => stringLeaves(option, path));
    case 'pipe':
      // The raw request reaches the input side; the output side sees what a transform made of it.
      return stringLeaves(child('in'), path);
    case 'array':
      return stringLeaves(child('element'), `${path}[]`);
    case 'record':
      return [
        ...stringLeaves(child('keyType'), `${path}{key}`),
        ...stringLeaves(child('valueType'), `${path}{}`),
      ];
    case 'intersection':
      return [...stringLeaves(child('left'), path), ...stringLeaves(child('right'), path)];
    case 'lazy':
      return stringLeaves((def.getter as () => z.ZodType)(), path);
    default:
      return [];
  }
}

const inputStrings = Object.entries(routes).flatMap(([group, defs]) =>
  Object.entries(defs as Record<string, RouteDescriptor>).flatMap(([name, route]) =>
    (['params', 'query', 'body'] as const).flatMap((part) => {
      const schema = route[part];
      return schema ? stringLeaves(schema, `${group}.${name} ${part}`) : [];
    }),
  ),
);

/** Request fields that take multi-line text (tab and line breaks kept; every other control refused). */
const MULTI_LINE_FIELDS = ['mojElektro.uploadMeterFile body.data.content'];

describe('every string field of every route', () => {
  it('finds the string fields (the walk reaches into bodies, queries and params)', () => {
    const paths = inputStrings.map(([path]) => path);
    expect(paths).toContain('accounts.register body.data.firstName');
    expect(paths).toContain('search.users query.q');
    expect(paths).toContain('locations.get params.id');
    expect(paths).toContain('companies.update body.data.settings.slogan');
    expect(paths.length).toBeGreaterThan(60);
  });

  it.each([...Object.entries(CONTROLS), ['tab', '\t'], ['LF', '\n'], ['CR', '\r']])(
    'refuses %s (single-line everywhere but the multi-line fields)',
    (name, char) => {
      const lineBreakOrTab = ['tab', 'LF', 'CR'].includes(name);
      const accepted = inputStrings
        .filter(([path]) => !(lineBreakOrTab && MULTI_LINE_FIELDS.includes(path)))
        .filter(([, schema]) =>
          ['Ab', '1', 'a@b.test'].some((v) => schema.safeParse(`${v}${char}`).success),
        )
        .map(([path]) => path);
      expect(accepted).toEqual([]);
    },
  );
});
