/** A feature image of a blog post. */
export interface BlogImage {
  readonly id: number;
  readonly src: string;
  readonly alt: string;
  readonly width: number;
  readonly height: number;
}

/** A published blog post, as plain text (the server's HTML is reduced to paragraphs). */
export interface BlogPost {
  readonly id: number;
  readonly slug: string;
  readonly title: string;
  /** ISO 8601. */
  readonly date: string;
  readonly author: string;
  readonly excerpt: string;
  readonly paragraphs: readonly string[];
  /** Feature images in order; the first is the post's picture in lists. */
  readonly images: readonly BlogImage[];
  readonly commentsOpen: boolean;
  /** The post's address on this site (path), e.g. `/blog/bayong-care/`. */
  readonly path: string;
}

/** An approved comment. */
export interface BlogComment {
  readonly id: number;
  readonly postId: number;
  readonly parent: number;
  readonly author: string;
  readonly date: string;
  readonly paragraphs: readonly string[];
}

/** One page of a list with the server's totals. */
export interface BlogPage<T> {
  readonly items: readonly T[];
  readonly total: number;
  readonly totalPages: number;
  readonly page: number;
}

/** A new comment. */
export interface CommentInput {
  readonly postId: number;
  readonly author: string;
  readonly email: string;
  readonly content: string;
}

/** What became of a new comment: held for moderation, or published at once. */
export interface CommentReceipt {
  readonly id: number;
  readonly status: 'hold' | 'approved';
}
