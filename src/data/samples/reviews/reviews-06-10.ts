import type { DemoDocument } from '../types.js';

export const REVIEWS_06_10: readonly DemoDocument[] = [
  {
    id: 'review-06-used-car',
    kind: 'review',
    title: 'Used 2017 Kestrel Avante SE sedan, bought from a dealer at 68,000 miles',
    intendedFraming: 'neutral',
    turn: 'mixed',
    text: `I have owned this car for eleven months and about 14,000 miles now, which feels like long enough to write something more useful than a first-week impression. This is a review of the car itself and of the buying experience, and the honest summary is that it has been a perfectly average ownership experience: some things better than I expected, some worse, nothing disastrous. Three stars feels exactly right.

Background

I needed a reliable commuter for a 38-mile round trip, mostly highway, with a budget of about $15,000. I looked at eight cars over three weekends. The Kestrel Avante SE was priced at $14,200 at a mid-sized independent dealer, with 68,400 miles on the clock, one previous owner, and a clean history report. After taxes, title and a $495 "documentation fee" that I could not negotiate away, I paid $15,630 out the door.

The buying experience

The salesman was friendly and not especially pushy, but the process took nearly five hours, most of which was spent waiting for the finance office. I had arranged my own loan through my credit union at 6.4 percent and the dealer tried hard to get me to switch to their lender at "only" 7.9 percent, plus an extended warranty for $2,100 and a paint protection package for $600. I declined all of it. They were polite about it, but it was obvious that the car was not where they intended to make their money.

I paid $150 for an independent pre-purchase inspection at a shop down the road, which I would recommend to anyone buying used. The mechanic found that the rear brake pads were at about 25 percent and that the serpentine belt showed some cracking. The dealer agreed to replace the belt before delivery but not the brakes. That seemed like a fair compromise.

Driving and comfort

On the highway the Avante is genuinely pleasant. It is quieter than I expected for a mid-range sedan of this age, the seats are supportive enough for an hour-long drive, and the adaptive cruise control, which I did not know the SE trim had, works smoothly in moderate traffic. Steering is light and a little vague, which is fine for commuting and dull on a winding road. The 2.0-litre engine is adequate rather than exciting; merging onto a fast highway takes a firm foot, and the continuously variable transmission drones noticeably when you ask it for power.

Around town it is easy to park, the turning circle is tight, and visibility is good except for thick rear pillars that make lane changes a little nervous. The backup camera is low resolution and almost useless at night. The infotainment screen is small by current standards but supports phone mirroring through a cable, which is all I really need.

Fuel economy

This is the car's best feature. Over 14,000 miles I have averaged 36.2 miles per gallon according to my own fill-up log, against an official combined rating of 34. On pure highway trips at 65 miles per hour I have seen 40. At current prices that is a meaningful saving compared to the SUV I was driving before.

Reliability and running costs

Here is where it gets more mixed.

- Month 2: the rear brakes the inspector flagged were done, as expected. Pads and rotors at my local shop cost $340.
- Month 4: the check engine light came on. The code pointed to an evaporative emissions leak, which turned out to be a cracked purge valve. $185 including diagnosis.
- Month 6: a routine oil change and tire rotation, $89. The tires the dealer had fitted were a budget brand with plenty of tread but noticeably poor grip in the rain.
- Month 7: I replaced those tires with a better set for $620, which made a large difference in wet braking and road noise.
- Month 9: the driver's window regulator failed, leaving the window stuck halfway down in October. This is apparently a known issue on this generation. $310 for the part and labour.
- Month 11: nothing so far, touch wood.

Not counting the tires, which were my choice, that is about $835 in unplanned repairs in the first year, on a car that cost around $15,000. My mechanic considers this normal for a seven-year-old car with this mileage. It is more than I had hoped, and less than I feared.

Things I like

- Excellent fuel economy, consistently better than the official rating
- Quiet, comfortable highway ride
- Adaptive cruise control on a mid-trim used car
- Large trunk; we fit two full-sized suitcases and a stroller for a holiday trip
- Cheap, widely available parts

Things I do not like

- Droning transmission under hard acceleration
- Backup camera that is nearly useless at night
- Window regulator and purge valve failures suggest some cheap components
- Rear seat is tight for adults over about 5 foot 10 on long drives
- The dealer's add-on sales pressure and the non-negotiable documentation fee

Would I buy it again?

Probably, though not enthusiastically. It does the job I bought it for, it has never left me stranded, and the fuel savings partly offset the repairs. But it is not a car I look forward to driving, and I would not describe its reliability as outstanding. If you find one with a documented service history at a fair price, it is a reasonable choice. Get an independent inspection, budget around $800 a year for the unexpected, and ignore the warranty pitch in the finance office.`,
  },
  {
    id: 'review-07-phone',
    kind: 'review',
    title: 'Corvid Nova 12 smartphone, 256 GB',
    intendedFraming: 'neutral',
    turn: 'positive-to-negative',
    text: `The Corvid Nova 12 made an excellent first impression, and I want to be fair to that before I get to the parts that have worn on me over two months.

The screen is lovely. It is a 6.4-inch panel with a 120 Hz refresh rate, and scrolling through long articles feels smooth in a way that makes my old phone look sluggish. Outdoors, it gets bright enough to read in direct midday sun. Colors are accurate by default, and there is a "vivid" mode if you want the punchy look. The build is solid too: a matte glass back that does not collect fingerprints, an aluminium frame, and a size that fits comfortably in one hand, which is increasingly rare.

The main camera is the other highlight. In daylight it produces sharp, natural photos with good dynamic range; a shot of my kids on a bright beach kept detail in both the white sand and their faces under sun hats. Portrait mode cuts around hair better than any phone I have used. For $699, these two features alone would be a fair deal.

The software is mostly clean. Corvid ships a lightly modified version of Android with only two preinstalled apps I did not want, both removable, and they promise five years of security updates.

Now for the rest.

Battery life is mediocre. On a typical day of messaging, maps for a 40-minute drive, an hour of podcasts and some photos, I am at 15 to 20 percent by 9 p.m. That is survivable, but it means I charge in the evening as well as overnight. Heavy days, such as a day at a theme park with lots of photos and navigation, had me reaching for a battery pack by mid-afternoon.

The phone also runs warm. Twenty minutes of video calling makes the top of the back uncomfortably hot, and when it heats up the screen brightness drops noticeably. Gaming is not something I do much of, but my son tried a racing game and the frame rate dropped after about ten minutes.

Low-light photos are a step down from the daytime results. Indoor shots of a birthday party had visible smearing on faces, and the night mode takes three to four seconds, long enough that moving subjects blur. The ultrawide camera is soft at the edges in any light.

Finally, there is no charger in the box, only a USB-C cable, and the phone charges at a fairly slow 25 watts. A full charge takes about 95 minutes.

None of these is a disaster on its own. But taken together, after two months, I feel the phone is good rather than great. The screen, the size and the daytime camera are genuine strengths, and the battery, heat and low-light performance are genuine weaknesses. If you take most photos outdoors and can charge at your desk, it is a reasonable buy. If battery life matters more to you than screen quality, I would look elsewhere. Three stars.`,
  },
  {
    id: 'review-08-mattress',
    kind: 'review',
    title: 'Somnera Cloud Hybrid 12-inch mattress, queen',
    intendedFraming: 'negative',
    turn: 'none',
    text: `I wanted to like this mattress. I really did. After 94 nights on it, I am returning it, and the return process has been almost as frustrating as the sleep.

The Somnera Cloud Hybrid is marketed as "medium-firm with cloud-like pressure relief." In my experience it was neither. From the first night it felt soft on top and hollow underneath, with a thin layer of foam that compressed completely under my shoulder when I slept on my side. I woke up with a numb arm several times in the first week. The company's FAQ says to allow 30 days for the body to adjust, so I kept going.

It did not get better. By week five, a shallow dip had formed on my side of the bed, and by the end of the second month I could lay a broom handle across it and measure a gap of just over an inch. My partner, who is lighter than I am, started rolling toward the middle, and we both began waking up around 3 a.m.

Heat was the other problem. Somnera advertises a "cooling gel infusion" and a breathable cover. Our bedroom is kept at 67 degrees, and we still woke up sweaty on most nights, something that never happened on our ten-year-old innerspring mattress.

The edge support is also weak. Sitting on the side of the bed to put on socks, the edge collapses by three or four inches, and it feels as if you might slide off.

Returns are "free within 100 nights," but the details matter. You cannot simply send the mattress back. You have to submit photos of the sag with a measuring tape, then wait for a "donation partner" to collect it, and the refund is issued only once the partner confirms pickup. Our pickup window was rescheduled twice. I have now been without a refund for 23 days, and in the meantime I bought a replacement mattress, so there are two queen mattresses in our small bedroom.

There is also a $99 "processing fee" on returns that appears only in the terms and conditions, not on the product page where "free returns" is printed in large letters.

I paid $1,149 for this mattress. I got worse sleep than on the old one I was trying to replace, a sagging dip within two months, and a return process designed to wear you down. I would not recommend it, and I would particularly warn side sleepers and anyone who sleeps hot.`,
  },
  {
    id: 'review-09-coffee-grinder',
    kind: 'review',
    title: 'Halden M64 flat-burr coffee grinder',
    intendedFraming: 'positive',
    turn: 'none',
    text: `I have been making espresso at home for about six years, first with a cheap blade grinder, then with a popular conical burr grinder at around $150 that I outgrew. The Halden M64 is my first serious grinder, and after three months I can say it has made a bigger improvement to my coffee than the new machine I bought last year.

What it is

A single-dose flat-burr grinder with 64 mm steel burrs, stepless adjustment, and a small footprint (it fits under my kitchen cabinets with room to spare). You weigh your beans, drop them in the top, hit the switch, and collect the grounds in a metal dosing cup. It sells for $429.

What I love

- Consistency. I weigh my output every time, and with 18.0 grams in I get between 17.8 and 18.0 grams out. Retention is almost nothing, which means no stale grounds from yesterday in today's shot.
- Clarity in the cup. This is hard to describe without sounding like a wine critic, but light roasts from a local roaster that used to taste sour and muddled now taste like stone fruit and black tea. Fruity Ethiopian coffees in particular finally taste the way the bag says they should.
- Stepless adjustment. The dial turns smoothly with clear markings, and I can move between espresso and pour-over in a few seconds, then return to my espresso setting within a tiny margin of error. I write down my settings on a card taped inside a cupboard.
- Speed and noise. It grinds an 18-gram dose in about seven seconds. It is not silent, but it has a lower pitch than my old grinder, and my partner no longer complains about the 6 a.m. wake-up call.
- Build quality. Solid aluminium body, a heavy base that does not move, and a magnetic front plate that gives tool-free access to the burrs for cleaning.

Small things to know

- There is some static with very light roasts in dry winter air. A single drop of water on the beans before grinding, a common trick, eliminates it completely.
- It is a single-dose grinder, so there is no large hopper. If you want to keep a pound of beans in the machine and grind on demand, this is not for you.
- The included brush is too small to be useful. A cheap soft paintbrush works much better.

Customer service

I emailed the company with a question about burr alignment and got a detailed, friendly answer from an actual engineer within a day, including a short video on how to check alignment with a marker. It turned out my unit was already well aligned, but the care impressed me.

Verdict

If you care about espresso or pour-over and your current grinder is the weak link, this is a significant upgrade at a price that, while not cheap, is well below the commercial-grade grinders it competes with in the cup. Five stars, no hesitation.`,
  },
  {
    id: 'review-10-kids-tablet',
    kind: 'review',
    title: 'PipSqueak Tab 8 Kids Edition tablet',
    intendedFraming: 'negative',
    turn: 'positive-to-negative',
    text: `We bought the PipSqueak Tab 8 Kids Edition for our six-year-old's birthday, and the first week was honestly wonderful. The bright orange foam case is chunky enough to survive the drops that happen every single day, and it has a fold-out handle that doubles as a stand. The screen is sharp and bright for an 8-inch tablet at $119, and the speakers are surprisingly loud.

Setting it up was easy. You create a parent account, add a child profile with an age range, and the tablet fills itself with age-appropriate books, games and videos from the PipSqueak library, which is included free for the first year. Our daughter loved it immediately. She read three picture books on the first evening, in a voice that made our hearts melt, and the phonics games she played the next morning were well designed and patient.

The parental controls looked great on paper too: daily time limits, a bedtime that locks the tablet, and a dashboard showing what she has been doing.

Then the problems started to pile up.

The time limits do not work reliably. Several times the tablet ignored the 60-minute daily limit we set, and once we found her still watching cartoons well after the 7:30 p.m. bedtime lock should have kicked in. Resetting the profile fixed it for a few days, and then it happened again.

The library content is padded with low-quality games that are essentially advertisements for in-app purchases, even though the listing promises "no ads and no in-app purchases in kid profiles." One game repeatedly asked her to "ask a grown-up" to unlock new characters for $2.99. We had to hunt down the setting to block purchase requests, which was buried three menus deep in the parent app.

Performance is slow. Apps take five or six seconds to open, and the tablet freezes for several seconds when switching between them. Our daughter, who is patient for a six-year-old, has started to jab at the screen in frustration, which makes it worse.

The battery life, advertised at 12 hours, is closer to five with video. The charging port is also loose: after two months, the cable falls out unless the tablet is lying perfectly flat.

Worst of all, after the first year the library subscription renews automatically at $79.99 per year. We found this out from a charge on our credit card, not from any reminder. When we cancelled, most of the content she used daily disappeared.

The case is great and the screen is fine. But a kids' tablet lives or dies on whether parents can trust it, and this one has not earned our trust. We have moved her to a hand-me-down tablet with the standard parental controls, and she is perfectly happy. Two stars.`,
  },
];
