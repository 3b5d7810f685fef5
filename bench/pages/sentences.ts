// Plain English prose for the benchmark's pages, written for this repository (no third-party
// text): office letters, notices and reports, so OCR meets ordinary words, names and numbers.
export const SENTENCES = [
  "Thank you for your letter of the fourth, which reached our office on Monday morning.",
  "We have reviewed the enclosed statement and found two entries that need your attention.",
  "The first concerns a delivery of printing paper that was invoiced twice in the same month.",
  "Please return the signed copy of this agreement before the end of the current quarter.",
  "Our records show that the account was opened in March and has been in good standing since.",
  "The meeting will take place in the main hall on the second floor, starting at half past nine.",
  "Visitors are asked to sign the register at the front desk and to wear a badge at all times.",
  "A summary of the committee's findings is attached, together with the minutes of the last session.",
  "If you have any questions about this notice, please call the number printed at the top of the page.",
  "The tenant agrees to keep the premises clean and to report any damage without delay.",
  "Rent is due on the first working day of each month and may be paid by bank transfer.",
  "The landlord will give at least seven days of written notice before any planned inspection.",
  "Heating and hot water are included in the monthly charge, while electricity is billed separately.",
  "We regret that the order could not be shipped in full because one item is out of stock.",
  "The remaining parts will follow as soon as our supplier confirms a new delivery date.",
  "Your application has been received and will be processed within ten working days.",
  "Applicants must provide proof of address, such as a recent utility bill or a bank statement.",
  "The library is closed on public holidays and opens an hour later on the first Monday of the month.",
  "Books that are returned late are charged a small fee for each day they are overdue.",
  "The annual report describes the progress made on each of the projects listed below.",
  "Sales in the northern region grew steadily, while the western stores held their ground.",
  "Costs rose slightly because of higher prices for fuel, packaging and office supplies.",
  "The board proposes to keep the dividend unchanged and to invest in two new warehouses.",
  "Staff training continued throughout the year, with more than forty courses on offer.",
  "The doctor recommends rest, plenty of water and a follow-up visit in two weeks.",
  "Please bring this letter and your insurance card to your next appointment.",
  "The school trip to the museum will leave at eight and return by four in the afternoon.",
  "Parents are kindly asked to provide a packed lunch and a raincoat for each child.",
  "The council will collect garden waste every other Thursday from April to October.",
  "Bins should be placed at the kerb by seven in the morning on the day of collection.",
  "This certificate confirms that the named person completed the course with distinction.",
  "The warranty covers defects in materials and workmanship for a period of two years.",
  "It does not cover damage caused by accidents, misuse or normal wear and tear.",
  "To make a claim, please send the receipt and a short description of the fault.",
  "The hotel confirms your booking of a double room for three nights, breakfast included.",
  "Check-in is from two in the afternoon, and rooms must be vacated by eleven on the day of departure.",
  "The bridge on the old road will be closed for repairs during the whole of next week.",
  "Drivers are advised to follow the signs for the diversion through the village centre.",
  "We are pleased to offer you the position of assistant manager, starting on the first of June.",
  "The salary, holidays and other terms are set out in the contract enclosed with this letter.",
  "Each member of the club may bring one guest to the summer dinner free of charge.",
  "Tickets for additional guests can be bought from the secretary until the end of May.",
  "The survey found that most residents would like more trees and benches in the park.",
  "A second survey will ask about parking, street lighting and the opening hours of the market.",
  "All measurements were taken twice, and the average of the two readings is shown in the table.",
  "The samples were stored at a constant temperature and examined within forty-eight hours.",
  "Payment of the outstanding balance of the invoice is requested within thirty days.",
  "Interest may be charged on amounts that remain unpaid after the due date.",
];

export const HEADINGS = [
  "Notice of Annual Meeting", "Statement of Account", "Tenancy Agreement", "Order Confirmation",
  "Application Received", "Library Services", "Annual Report", "Patient Information",
  "School Trip", "Waste Collection", "Certificate of Completion", "Warranty Terms",
  "Booking Confirmation", "Road Closure", "Offer of Employment", "Club Newsletter",
];

export const NAMES = ["Margaret Hill", "Thomas Reed", "Alice Turner", "David Okafor", "Helen Brooks", "Samuel Price", "Ruth Ellison", "Peter Novak"];
export const STREETS = ["12 Elm Road", "48 Station Street", "7 Mill Lane", "103 Harbour View", "21 Church Walk", "5 Orchard Close"];
export const TOWNS = ["Bristol BS1 4DJ", "Leeds LS2 9JT", "York YO1 7HH", "Bath BA1 1LZ", "Derby DE1 2FS"];
export const ITEMS = ["Printing paper A4", "Toner cartridge", "Desk lamp", "Filing cabinet", "Envelopes C5", "Stapler", "Office chair", "Whiteboard"];
export const STAMPS = ["RECEIVED", "PAID", "APPROVED", "COPY", "FILED"];
export const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
