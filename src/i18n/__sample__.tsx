// A view that writes its texts itself, for the catalogue test's scanner (never imported).
export const Sample = ({ open }: { readonly open: boolean }) => (
  <div>
    <button type="button">Add to cart</button>
    <span>{open ? 'Close' : 'Open'}</span>
    <input aria-label="Search products" />
    <span>{'·'}</span>
  </div>
);
