import { describe, expect, it } from 'vitest';
import { blogPostSlug, isBlogSlug, screenPathOf } from './route-meta';

describe('blog post addresses', () => {
  it('names the slug of a post, and nothing for another page or a slug no post can have', () => {
    expect(blogPostSlug('/blog/choosing-your-tools')).toBe('choosing-your-tools');
    expect(blogPostSlug('/blog')).toBeNull();
    expect(blogPostSlug('/blog/a/b')).toBeNull();
    expect(blogPostSlug('/blog/Upper')).toBeNull();
    expect(blogPostSlug('/blog/a%00b')).toBeNull();
    expect(blogPostSlug(`/blog/${'a'.repeat(201)}`)).toBeNull();
    expect(isBlogSlug('a'.repeat(200))).toBe(true);
  });

  it('lists every post under one screen', () => {
    expect(screenPathOf('/blog/any-post')).toBe('/blog/:slug');
    expect(screenPathOf('/blog')).toBe('/blog');
    expect(screenPathOf('/intro')).toBe('/intro');
  });
});
