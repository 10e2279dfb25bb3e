import StarterKit from '@tiptap/starter-kit';
import { HEADING_LEVELS, PLACEHOLDER_HREF, type HeadingScope } from './rich-text-support';

/**
 * The editor's schema: StarterKit with the heading levels of where the text ends up, and links to
 * http(s) and mailto only; in an e-mail template or message also to a `{{key}}` placeholder, which
 * becomes the address when the e-mail is sent.
 */
export function richTextExtensions(headings: HeadingScope, placeholderLinks: boolean) {
  return [
    StarterKit.configure({
      heading: { levels: HEADING_LEVELS[headings] },
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: ['http', 'https', 'mailto'],
        isAllowedUri: (url, context) => (placeholderLinks && PLACEHOLDER_HREF.test(url.trim())) || context.defaultValidate(url),
      },
    }),
  ];
}
