// The environment variables of each language's service account: the one naming rule the build and the chart form's
// Worker (src/worker/, whose secrets bear the same names) share. It imports nothing, for the Worker's sake.

export interface AccountVariables {
  url: string;
  username: string;
  password: string;
}

/**
 * The variables of a language's account: the plain `ASTRO_API_*` for the default language, else with the tag
 * upper-cased and `-` as `_` (`pt-BR` → `ASTRO_API_USERNAME_PT_BR`).
 */
export function accountVariables(language: string, isDefault: boolean): AccountVariables {
  const suffix = isDefault ? '' : `_${language.toUpperCase().replaceAll('-', '_')}`;
  return {
    url: `ASTRO_API_URL${suffix}`,
    username: `ASTRO_API_USERNAME${suffix}`,
    password: `ASTRO_API_PASSWORD${suffix}`,
  };
}
