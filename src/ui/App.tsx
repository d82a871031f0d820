import { CartPanel } from './components/CartPanel.js';
import { HydrateLater } from './components/hydrate-later.js';
import { ConsentBanner, Footer, Header } from './components/Chrome.js';
import { Announcer, CartError } from './components/Notices.js';
import { useTexts } from './i18n.js';
import { listingTexts } from './messages/listing.js';
import { ListingPage } from './pages/ListingPage.js';
import { useUi } from './runtime-context.js';
import { Slot, SlotFills } from './slots.js';

/** The whole page: chrome around the page body chosen by the server. */
export function App() {
  const { state, pages } = useUi();
  const page = state.page;
  const t = useTexts(listingTexts);
  let body;
  switch (page.type) {
    case 'home':
      body = (
        <>
          <ListingPage page={page} search={state.search} />
          <SlotFills name="home.after" props={{ page }} />
        </>
      );
      break;
    case 'shop':
    case 'category':
    case 'search':
      body = <ListingPage page={page} search={state.search} />;
      break;
    case 'product': {
      const ProductPage = pages.product;
      if (!ProductPage) throw new Error('Suki: the product page module was not loaded before rendering.');
      body = <ProductPage page={page} />;
      break;
    }
    case 'blog': {
      const BlogPage = pages.blog;
      if (!BlogPage) throw new Error('Suki: the blog module was not loaded before rendering.');
      body = <BlogPage page={page} />;
      break;
    }
    case 'post': {
      const PostPage = pages.post;
      if (!PostPage) throw new Error('Suki: the blog module was not loaded before rendering.');
      body = <PostPage page={page} />;
      break;
    }
    case 'cart': {
      const CartPage = pages.cart;
      if (!CartPage) throw new Error('Suki: the cart page module was not loaded before rendering.');
      body = <CartPage />;
      break;
    }
    case 'checkout': {
      const CheckoutPage = pages.checkout;
      if (!CheckoutPage) throw new Error('Suki: the checkout module was not loaded before rendering.');
      body = <CheckoutPage page={page} />;
      break;
    }
    case 'order-received': {
      const OrderReceivedPage = pages.orderReceived;
      if (!OrderReceivedPage) throw new Error('Suki: the checkout module was not loaded before rendering.');
      body = <OrderReceivedPage page={page} />;
      break;
    }
    case 'order-tracking': {
      const OrderTrackingPage = pages.orderTracking;
      if (!OrderTrackingPage) throw new Error('Suki: the order-tracking module was not loaded before rendering.');
      body = <OrderTrackingPage page={page} />;
      break;
    }
    case 'account': {
      const AccountPage = pages.account;
      if (!AccountPage) throw new Error('Suki: the account module was not loaded before rendering.');
      body = <AccountPage page={page} />;
      break;
    }
    case 'wishlist':
      // The `wishlist` plugin's page view; the route answers only while the plugin is on.
      body = <Slot name="page.wishlist" props={{ page }} fallback={null} />;
      break;
    case 'reviews':
      // The `reviews` plugin's page view; the page loads only while the plugin is on.
      body = <Slot name="page.reviews" props={{ page }} fallback={null} />;
      break;
    case 'contact':
      // The `contact-form` plugin's page view; the page exists only while the plugin is on.
      body = <Slot name="page.contact" props={{ page }} fallback={null} />;
      break;
    default:
      body = (
        <div className="page-message">
          <h1 className="page-title">{page.title}</h1>
          <p>{page.message}</p>
          <p>
            <a href="/shop/">{t.continueShopping}</a>
          </p>
        </div>
      );
  }
  return (
    <>
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        <CartError report />
        {body}
      </main>
      {/* Hydrated each in a task of their own after the rest (`HydrateLater`). */}
      <HydrateLater>
        <Footer />
      </HydrateLater>
      <HydrateLater>
        <CartPanel />
      </HydrateLater>
      <SlotFills name="page.overlay" props={{ badge: state.trustBadge ?? null }} />
      <ConsentBanner />
      <Announcer />
    </>
  );
}
