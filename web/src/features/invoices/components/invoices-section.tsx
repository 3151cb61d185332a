import type { InvoicesSectionProps } from '../../../lib/invoices-slot';
import { CompanyInvoices } from './company-invoices';
import { MerchantInvoices } from './merchant-invoices';
import { OrderInvoices } from './order-invoices';

/** The section the slot asks for: the company's, an order's or the merchant's documents. */
export function InvoicesSection(props: InvoicesSectionProps) {
  switch (props.of) {
    case 'company':
      return <CompanyInvoices />;
    case 'order':
      return <OrderInvoices orderId={props.orderId} />;
    case 'merchant':
      return <MerchantInvoices merchantId={props.merchantId} />;
  }
}
