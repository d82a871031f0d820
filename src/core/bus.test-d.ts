import type { Observable } from 'rxjs';
import { describe, expectTypeOf, it } from 'vitest';
import type { Cart } from './domain/cart.js';
import type { CommandFailure } from './commands.js';
import type { DomainEvent, EventsOfDomain } from './events.js';
import type { PortFailure } from './ports.js';
import type { Result } from './result.js';
import { createRuntime, type Runtime } from './runtime.js';
import { definePlugin } from './plugin.js';
import { z } from 'zod/mini';

declare const runtime: Runtime;

describe('event types', () => {
  it('checks payloads against the event name', () => {
    runtime.emit('page.viewed', { path: '/', title: 'Home', pageType: 'home' });
    // @ts-expect-error a cart payload is not a page view
    runtime.emit('page.viewed', { cart: null });
    // @ts-expect-error pageType must be a known page type
    runtime.emit('page.viewed', { path: '/', title: 'x', pageType: 'landing' });
    // @ts-expect-error unknown event names do not compile
    runtime.emit('page.scrolled', {});
  });

  it('narrows ofType and ofDomain without casts', () => {
    expectTypeOf(runtime.ofType('cart.added', 'cart.removed')).toEqualTypeOf<Observable<DomainEvent<'cart.added' | 'cart.removed'>>>();
    expectTypeOf(runtime.ofDomain('cart')).toEqualTypeOf<Observable<DomainEvent<EventsOfDomain<'cart'>>>>();
    runtime.ofType('cart.added').subscribe((event) => {
      expectTypeOf(event.type).toEqualTypeOf<'cart.added'>();
      expectTypeOf(event.payload.quantity).toEqualTypeOf<number>();
    });
    runtime.ofType('cart.added', 'consent.changed').subscribe((event) => {
      if (event.type === 'consent.changed') expectTypeOf(event.payload.state).toEqualTypeOf<'granted' | 'denied' | 'ask'>();
    });
    // @ts-expect-error unknown event names do not compile
    runtime.ofType('cart.exploded');
    // @ts-expect-error at least one name is required
    runtime.ofType();
    // @ts-expect-error unknown domains do not compile
    runtime.ofDomain('spaceship');
  });
});

describe('command types', () => {
  it('flows input and output types', () => {
    expectTypeOf(runtime.execute('cart.remove', { key: 'k1' })).toEqualTypeOf<Promise<Result<Cart, CommandFailure<'cart.remove'>>>>();
    expectTypeOf<CommandFailure<'cart.add'>>().toExtend<PortFailure | { readonly kind: 'no-handler' | 'handler-threw'; readonly message: string }>();
    expectTypeOf(runtime.execute('consent.set', { state: 'granted' })).resolves.toEqualTypeOf<
      Result<void, CommandFailure<'consent.set'>>
    >();
    void runtime.execute('cart.refresh');
    // @ts-expect-error wrong input shape
    void runtime.execute('cart.remove', { productId: 1 });
    // @ts-expect-error consent.set does not accept 'ask'
    void runtime.execute('consent.set', { state: 'ask' });
    // @ts-expect-error unknown commands do not compile
    void runtime.execute('cart.explode', {});
  });
});

describe('plugin context types', () => {
  it('gives destinations no way to change state, features everything', () => {
    definePlugin({
      name: 'watcher',
      kind: 'destination',
      config: z.object({ level: z._default(z.number(), 1) }),
      setup(ctx) {
        expectTypeOf(ctx.config).toEqualTypeOf<{ level: number }>();
        expectTypeOf(ctx).not.toHaveProperty('emit');
        expectTypeOf(ctx).not.toHaveProperty('execute');
        expectTypeOf(ctx).not.toHaveProperty('handle');
        expectTypeOf(ctx).not.toHaveProperty('ports');
        expectTypeOf(ctx).not.toHaveProperty('registerStore');
      },
    });
    definePlugin({
      name: 'doer',
      kind: 'feature',
      config: z.object({}),
      setup(ctx) {
        ctx.emit('notice.failed', { message: 'x', source: 'doer' });
        // @ts-expect-error wrong payload through a plugin's emit
        ctx.emit('notice.failed', { text: 'x' });
        ctx.handle('cart.refresh', async () => ({ ok: false, error: { kind: 'timeout', message: 't' } }));
        // @ts-expect-error a handler must return the command's output type
        ctx.handle('cart.refresh', async () => ({ ok: true, value: 42 }));
      },
    });
  });

  it('accepts the runtime options it documents', () => {
    expectTypeOf(createRuntime).parameter(0).toHaveProperty('consent');
  });
});
