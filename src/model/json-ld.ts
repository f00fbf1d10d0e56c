// A page's JSON-LD (https://schema.org): a WebPage or an Article with its dates, image and publisher, and its
// BreadcrumbList, in a script block nothing in the data can close.
import type { PageImage } from './types.ts';

/**
 * JSON for a `<script type="application/ld+json">` block: `<` escaped, so no `</script>` or `<!--` can appear
 * (and U+2028/U+2029, which JavaScript before ES2019 did not allow in strings).
 */
export function jsonLdString(data: unknown): string {
  return JSON.stringify(data).replace(
    /[<\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** schema.org Organization: the site as author and publisher of its reports. */
export interface JsonLdOrganization {
  '@type': 'Organization';
  name: string;
  url: string;
  logo: { '@type': 'ImageObject'; url: string; width: number; height: number };
}

/** schema.org Article dates, RFC 3339. */
export interface ArticleDates {
  published: string;
  modified: string;
}

/** A whole day as its midnight UTC in RFC 3339 (`2026-11-16T00:00:00Z`): the same inputs print the same output. */
export function dayToRfc3339(day: string): string {
  return `${day}T00:00:00Z`;
}

/** The latest of some `YYYY-MM-DD` days, or undefined for none. */
export function newestDay(days: string[]): string | undefined {
  return days.reduce<string | undefined>((max, d) => (max === undefined || d > max ? d : max), undefined);
}

export interface JsonLdPage {
  /** Absolute URL of the page. */
  canonical: string;
  title: string;
  description: string;
  /** An Article (a report) with its dates in RFC 3339; otherwise a WebPage. */
  article?: ArticleDates;
  breadcrumbs: { label: string; absoluteUrl: string }[];
  language: string;
  organization: JsonLdOrganization;
  /** The page's link-preview image: an Article's `image` (https://developers.google.com/search/docs/appearance/structured-data/article). */
  image?: PageImage;
}

/** A page's JSON-LD (https://schema.org): a WebPage or an Article, and its BreadcrumbList. */
export function pageJsonLd(page: JsonLdPage): string {
  const main = page.article
    ? {
        '@type': 'Article',
        headline: page.title,
        description: page.description,
        url: page.canonical,
        mainEntityOfPage: page.canonical,
        datePublished: page.article.published,
        dateModified: page.article.modified,
        inLanguage: page.language,
        ...(page.image
          ? {
              image: {
                '@type': 'ImageObject',
                url: page.image.url,
                width: page.image.width,
                height: page.image.height,
              },
            }
          : {}),
        author: page.organization,
        publisher: page.organization,
      }
    : {
        '@type': 'WebPage',
        name: page.title,
        description: page.description,
        url: page.canonical,
        inLanguage: page.language,
      };
  const breadcrumbList = {
    '@type': 'BreadcrumbList',
    itemListElement: page.breadcrumbs.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.label,
      item: crumb.absoluteUrl,
    })),
  };
  // A trail of one (the home page) is no breadcrumb: schema.org's BreadcrumbList is a path to the page.
  const graph = page.breadcrumbs.length > 1 ? [main, breadcrumbList] : [main];
  return jsonLdString({ '@context': 'https://schema.org', '@graph': graph });
}
