import { describe, expect, it } from 'vitest';
import {
  blogPostInputSchema,
  IMAGE_URL_INVALID,
  SLUG_CHARACTERS,
  SLUG_PATTERN,
  slugify,
  workshopAssetInputSchema,
  WORKSHOP_DATE_NOT_FOUND,
} from './admin-blog.schema';

describe('slugify', () => {
  it('lower-cases, drops accents and joins words with single hyphens', () => {
    expect(slugify('  Hello, World!  ')).toBe('hello-world');
    expect(slugify('Café Résumé — 2031 Edition')).toBe('cafe-resume-2031-edition');
    expect(slugify("Don't panic: it's fine")).toBe('dont-panic-its-fine');
    expect(slugify('Straße & Æsir')).toBe('strasse-aesir');
    expect(slugify('a---b___c')).toBe('a-b-c');
  });

  it('answers empty when nothing latin is left', () => {
    expect(slugify('日本語')).toBe('');
    expect(slugify('!!!')).toBe('');
  });

  it('keeps long slugs at most 120 characters, cut at a hyphen, and valid', () => {
    const slug = slugify('word '.repeat(60));
    expect(slug.length).toBeLessThanOrEqual(120);
    expect(slug).toMatch(SLUG_PATTERN);
    expect(slug.endsWith('word')).toBe(true);
    expect(slugify('x'.repeat(300))).toHaveLength(120);
  });
});

describe('blogPostInputSchema', () => {
  it('fills the defaults', () => {
    expect(blogPostInputSchema.parse({ title: ' A title ' })).toEqual({
      title: 'A title',
      slug: '',
      excerpt: null,
      content: '',
      featuredImageUrl: null,
      authorName: undefined,
      isPublished: false,
      publishedAt: null,
    });
  });

  it('lower-cases a slug and refuses other characters', () => {
    expect(blogPostInputSchema.parse({ title: 't', slug: ' My-Post ' }).slug).toBe('my-post');
    for (const slug of ['my post', 'my_post', '-post', 'post-', 'a--b', 'ünï']) {
      const result = blogPostInputSchema.safeParse({ title: 't', slug });
      expect(result.success, slug).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(SLUG_CHARACTERS);
    }
  });

  it('accepts web and uploaded image addresses only', () => {
    expect(blogPostInputSchema.parse({ title: 't', featuredImageUrl: '/uploads/a.png' }).featuredImageUrl).toBe('/uploads/a.png');
    expect(blogPostInputSchema.parse({ title: 't', featuredImageUrl: 'https://x.test/a.jpg' }).featuredImageUrl).toBe('https://x.test/a.jpg');
    for (const url of ['javascript:alert(1)', '//evil.test/a.png', 'data:image/png;base64,AAAA', 'a.png']) {
      expect(blogPostInputSchema.safeParse({ title: 't', featuredImageUrl: url }).error?.issues[0]?.message, url).toBe(IMAGE_URL_INVALID);
    }
  });

  it('reads a date or an instant as publishedAt', () => {
    expect(blogPostInputSchema.parse({ title: 't', publishedAt: '2031-07-04' }).publishedAt?.toISOString()).toBe('2031-07-04T00:00:00.000Z');
    expect(blogPostInputSchema.parse({ title: 't', publishedAt: '2031-07-04T10:00:00Z' }).publishedAt?.toISOString()).toBe('2031-07-04T10:00:00.000Z');
    expect(blogPostInputSchema.safeParse({ title: 't', publishedAt: 'soon' }).success).toBe(false);
  });
});

describe('workshopAssetInputSchema', () => {
  it('defaults to every workshop and sort order 0', () => {
    expect(workshopAssetInputSchema.parse({ title: 'T', type: 'tips' })).toMatchObject({ workshopDateId: null, sortOrder: 0, content: '', description: null });
  });

  it('refuses a workshop id that is not a positive whole number', () => {
    expect(workshopAssetInputSchema.safeParse({ title: 'T', type: 'tips', workshopDateId: -1 }).error?.issues[0]?.message).toBe(WORKSHOP_DATE_NOT_FOUND);
    expect(workshopAssetInputSchema.parse({ title: 'T', type: 'tips', workshopDateId: '' }).workshopDateId).toBeNull();
  });
});
