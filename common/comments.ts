/**
 * The rules of a comment (the comment tool, `/shulex-comment-tool`), shared by the form and the API so that
 * both accept exactly the same answers.
 */

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const COMMENT_MAX_LENGTH = 1000;

export const COMMENT_TOPICS = ['mowing', 'app', 'mapping', 'connection', 'hardware', 'other'] as const;
export type CommentTopic = (typeof COMMENT_TOPICS)[number];

/**
 * The length of a comment as the user sees it: characters (code points) of the trimmed text, so an emoji
 * counts as one and surrounding blanks not at all.
 */
export function commentLength(text: string): number {
  return [...text.trim()].length;
}
