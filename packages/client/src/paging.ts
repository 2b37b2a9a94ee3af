export interface PageQuery {
  /** Page size, 1 to 100. */
  first?: number;
  /** The cursor of the previous page. */
  after?: string;
}

/** A page as the API answers it: `cursor` present while more items remain. */
export interface Page<T> {
  data: T[];
  cursor?: string;
}

/**
 * A list, read page by page as it is iterated: `for await (const payment of client.payments.list())`
 * walks every item, following the API's cursors; `.pages()` walks whole pages.
 */
export class PageIterator<T> implements AsyncIterable<T> {
  constructor(private readonly fetchPage: (after: string | undefined) => Promise<Page<T>>) {}

  async *pages(): AsyncGenerator<Page<T>> {
    let after: string | undefined;
    do {
      const page = await this.fetchPage(after);
      yield page;
      after = page.cursor;
    } while (after);
  }

  /** The first page alone. */
  async firstPage(): Promise<Page<T>> {
    return this.fetchPage(undefined);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for await (const page of this.pages()) yield* page.data;
  }

  /** Every item (at most `limit`), in the API's order. */
  async toArray(limit = Number.POSITIVE_INFINITY): Promise<T[]> {
    const items: T[] = [];
    for await (const item of this) {
      if (items.length >= limit) break;
      items.push(item);
    }
    return items;
  }
}
